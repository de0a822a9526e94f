package io.causalstream.fcm.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.fcm.analysis.SimulationResult.Outcome;
import io.causalstream.fcm.model.CognitiveMap;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A small FCM from the literature: the six-concept example map of the R package {@code fcm} (Dikopoulou and
 * Papageorgiou, "Inference of Fuzzy Cognitive Maps (FCMs)", CRAN package {@code fcm}, its vignette's weight matrix
 * and activation vector): C1→C3 0.6, C1→C4 0.9, C2→C1 0.1, C3→C2 0.7, C3→C5 0.9, C4→C6 0.9, C5→C6 −0.9, C6→C1 −0.3,
 * started from (1, 1, 1, 0, 0, 0), nothing clamped, λ = 1.
 *
 * <p>The expected fixed points were computed independently of this library, by iterating each rule's formula in a
 * 30-line Python script (plain floats, stop when no concept moves by 1e−13), for every update rule and squashing
 * function offered. The discrete ones can be checked by hand, e.g. Kosko bivalent: from (1,1,1,0,0,0) the inputs are
 * C1 0.1, C2 0.7, C3 0.6, C4 0.9, C5 0.9, C6 0 → (1,1,1,1,1,0); then C6 = b(0.9 − 0.9) = b(0) = 0 and the rest stay
 * positive: fixed. Rescaled bivalent: 2A − 1 = (1,1,1,−1,−1,−1); C4 = b(−1 + 0.9) = 0, C5 = b(−1 + 0.9) = 0,
 * C6 = b(−1 − 0.9 + 0.9) = 0, C1 = b(1 − 0.3·(−1)) = 1: the start is already fixed.
 */
class PublishedMapTest {

    private static final CognitiveMap VIGNETTE = CognitiveMap.builder("fcm-vignette")
            .concept("C1").concept("C2").concept("C3").concept("C4").concept("C5").concept("C6")
            .edge("C1", "C3", 0.6).edge("C1", "C4", 0.9).edge("C2", "C1", 0.1).edge("C3", "C2", 0.7)
            .edge("C3", "C5", 0.9).edge("C4", "C6", 0.9).edge("C5", "C6", -0.9).edge("C6", "C1", -0.3)
            .build();

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "KOSKO, SIGMOID, 0.477816 0.598647 0.571186 0.605882 0.625759 0.495528",
            "KOSKO, TANH, 0 0 0 0 0 0",
            "KOSKO, BIVALENT, 1 1 1 1 1 0",
            "KOSKO, TRIVALENT, 1 1 1 1 1 0",
            "MODIFIED_KOSKO, SIGMOID, 0.624103 0.788845 0.755907 0.795265 0.817204 0.653293",
            "MODIFIED_KOSKO, TANH, 0.730489 0.906971 0.861729 0.917866 0.936955 -0.361965",
            "MODIFIED_KOSKO, BIVALENT, 1 1 1 1 1 0",
            "MODIFIED_KOSKO, TRIVALENT, 1 1 1 1 1 0",
            "RESCALED, SIGMOID, 0.5 0.5 0.5 0.5 0.5 0.5",
            "RESCALED, TANH, 0.952085 0.762917 0.840945 -0.972182 -0.981983 -0.994770",
            "RESCALED, BIVALENT, 1 1 1 0 0 0",
            "RESCALED, TRIVALENT, 1 1 1 -1 -1 -1"})
    void theVignetteMapReachesTheIndependentlyComputedFixedPoint(UpdateRule rule, Squashing.Kind kind,
            String expected) {
        Map<String, Double> start = new LinkedHashMap<>();
        String[] ids = {"C1", "C2", "C3", "C4", "C5", "C6"};
        double[] initial = {1, 1, 1, 0, 0, 0};
        for (int i = 0; i < ids.length; i++) {
            start.put(ids[i], initial[i]);
        }
        SimulationSettings settings = new SimulationSettings(rule, new Squashing(kind, 1), 5_000, 1e-12);

        SimulationResult r = Simulation.run(VIGNETTE, start, 0, Map.of(), settings);

        assertThat(r.outcome()).isEqualTo(Outcome.FIXED_POINT);
        double[] want = Arrays.stream(expected.trim().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
        for (int i = 0; i < ids.length; i++) {
            assertThat(r.value(ids[i])).as(ids[i]).isCloseTo(want[i], within(1e-5));
        }
    }
}
