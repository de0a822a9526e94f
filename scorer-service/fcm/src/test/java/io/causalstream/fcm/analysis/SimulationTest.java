package io.causalstream.fcm.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.fcm.analysis.SimulationResult.Outcome;
import io.causalstream.fcm.model.CognitiveMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Fixed points and limit cycles computed by hand, for every update rule and squashing function offered.
 *
 * <p>Source: these maps are hand-built, not taken from a published table (we could not check a published example's
 * numbers on this machine, so we say so). The chain is the smallest map where each rule differs: C1 (clamped at 1)
 * increases C2 with weight 0.5, C2 decreases C3 with weight -1, C2 and C3 start at 0, λ = 1. Its fixed point follows
 * concept by concept, since C2 depends only on the clamped C1 and C3 only on C2:
 * <ul>
 *   <li>Kosko, x2 = f(0.5), x3 = f(−x2): sigmoid σ(0.5) = 0.622459, σ(−0.622459) = 0.349222; tanh(0.5) = 0.462117,
 *       tanh(−0.462117) = −0.431808; bivalent 1, 0; trivalent 1, −1.</li>
 *   <li>Modified Kosko, x2 = f(x2 + 0.5), x3 = f(x3 − x2): the roots of these one-variable equations (each side's
 *       slope is below 1 for sigmoid and tanh, so the root is unique; bisection on a calculator): sigmoid 0.782952,
 *       0.407137; tanh 0.881225, −0.949940. Bivalent by hand from (0, 0): x2 = b(0.5) = 1, then b(1.5) = 1; x3 =
 *       b(0) = 0, then b(−1) = 0: (1, 0). Trivalent: x2 = 1; x3 = t(0) = 0, t(−1) = −1, t(−2) = −1: (1, −1).</li>
 *   <li>Rescaled, x2 = f(2x2 − 1 + 0.5), x3 = f(2x3 − 1 − (2x2 − 1)) = f(2x3 − 2x2): sigmoid (slopes below 1, unique
 *       roots) 0.718489, 0.303760; tanh, the root reached from 0 (tanh(−0.5) = −0.462, tanh(−1.42) = −0.890, ...)
 *       −0.985840, then 0.999288. Bivalent from (0, 0): x2 = b(−0.5) = 0 stays; x3 = b(0) = 0 stays: (0, 0).
 *       Trivalent: x2 = t(−0.5) = −1, t(−2.5) = −1; x3 = t(0) = 0, then t(0 + 2) = 1, t(2 + 2) = 1: (−1, 1).</li>
 * </ul>
 */
class SimulationTest {

    private static final CognitiveMap CHAIN = CognitiveMap.builder("chain")
            .edge("c1", "c2", 0.5).edge("c2", "c3", -1.0).build();

    @ParameterizedTest(name = "{0} {1}: ({2}, {3})")
    @CsvSource({
            "KOSKO, SIGMOID, 0.622459, 0.349222",
            "KOSKO, TANH, 0.462117, -0.431808",
            "KOSKO, BIVALENT, 1, 0",
            "KOSKO, TRIVALENT, 1, -1",
            "MODIFIED_KOSKO, SIGMOID, 0.782952, 0.407137",
            "MODIFIED_KOSKO, TANH, 0.881225, -0.949940",
            "MODIFIED_KOSKO, BIVALENT, 1, 0",
            "MODIFIED_KOSKO, TRIVALENT, 1, -1",
            "RESCALED, SIGMOID, 0.718489, 0.303760",
            "RESCALED, TANH, -0.985840, 0.999288",
            "RESCALED, BIVALENT, 0, 0",
            "RESCALED, TRIVALENT, -1, 1"})
    void theChainReachesItsHandComputedFixedPoint(UpdateRule rule, Squashing.Kind kind, double x2, double x3) {
        SimulationSettings settings = new SimulationSettings(rule, new Squashing(kind, 1), 1_000, 1e-10);

        SimulationResult r = Simulation.run(CHAIN, Map.of(), 0, Map.of("c1", 1.0), settings);

        assertThat(r.outcome()).isEqualTo(Outcome.FIXED_POINT);
        assertThat(r.period()).isEqualTo(1);
        assertThat(r.value("c1")).isEqualTo(1.0);
        assertThat(r.value("c2")).isCloseTo(x2, within(1e-6));
        assertThat(r.value("c3")).isCloseTo(x3, within(1e-6));
        // and it is a fixed point of the rule itself: one more update moves nothing
        double[][] w = CHAIN.weightMatrix();
        double[] s = r.last();
        for (int i = 1; i < 3; i++) {
            assertThat(settings.squashing().apply(rule.input(w, s, i))).isCloseTo(s[i], within(1e-8));
        }
    }

    @Test
    void aNegativeFeedbackLoopUnderTrivalentKoskoCyclesWithPeriodFour() {
        // C1 -> C2 (+1), C2 -> C1 (-1), from (1, 0): (t(-0), t(1)) = (0, 1); (t(-1), t(0)) = (-1, 0);
        // (t(0), t(-1)) = (0, -1); (t(1), t(0)) = (1, 0): back at the start after 4 steps
        CognitiveMap loop = CognitiveMap.builder("loop").edge("c1", "c2", 1).edge("c2", "c1", -1).build();

        SimulationResult r = Simulation.run(loop, Map.of("c1", 1.0), 0, Map.of(),
                new SimulationSettings(UpdateRule.KOSKO, Squashing.trivalent(), 100, 1e-6));

        assertThat(r.outcome()).isEqualTo(Outcome.LIMIT_CYCLE);
        assertThat(r.period()).isEqualTo(4);
        assertThat(r.iterations()).isEqualTo(4);
        assertThat(r.attractor()).containsExactly(Map.of("c1", 0.0, "c2", 1.0), Map.of("c1", -1.0, "c2", 0.0),
                Map.of("c1", 0.0, "c2", -1.0), Map.of("c1", 1.0, "c2", 0.0));
    }

    @Test
    void aPositiveThreeCycleUnderBivalentKoskoPassesItsActivationAroundWithPeriodThree() {
        // (1,0,0) -> (0,1,0) -> (0,0,1) -> (1,0,0)
        CognitiveMap ring = CognitiveMap.builder("ring").edge("a", "b", 1).edge("b", "c", 1).edge("c", "a", 1)
                .build();

        SimulationResult r = Simulation.run(ring, Map.of("a", 1.0), 0, Map.of(),
                new SimulationSettings(UpdateRule.KOSKO, Squashing.bivalent(), 100, 1e-6));

        assertThat(r.outcome()).isEqualTo(Outcome.LIMIT_CYCLE);
        assertThat(r.period()).isEqualTo(3);
        assertThat(r.finalState()).containsExactly(Map.entry("a", 1.0), Map.entry("b", 0.0), Map.entry("c", 0.0));
    }

    @Test
    void aContinuousOscillationIsACycleWithinEpsilon() {
        // tanh with a steep λ on the negative loop: the states settle on a period-4 orbit near (±1, 0)-like values
        CognitiveMap loop = CognitiveMap.builder("loop").edge("c1", "c2", 1).edge("c2", "c1", -1).build();

        SimulationResult r = Simulation.run(loop, Map.of("c1", 1.0), 0, Map.of(),
                new SimulationSettings(UpdateRule.KOSKO, Squashing.tanh(5), 1_000, 1e-6));

        assertThat(r.outcome()).isEqualTo(Outcome.LIMIT_CYCLE);
        assertThat(r.period()).isEqualTo(4);
    }

    @Test
    void aBudgetTooSmallReportsNoConvergence() {
        SimulationResult r = Simulation.run(CHAIN, Map.of(), 0, Map.of("c1", 1.0),
                new SimulationSettings(UpdateRule.MODIFIED_KOSKO, Squashing.sigmoid(1), 3, 1e-12));

        assertThat(r.outcome()).isEqualTo(Outcome.NOT_CONVERGED);
        assertThat(r.iterations()).isEqualTo(3);
        assertThat(r.trajectory()).hasSize(4);
    }

    @Test
    void aScenarioReportsTheChangeAgainstTheUnclampedBaseline() {
        // baseline from (0,0,0), Kosko bivalent: c1 = b(0) = 0, c2 = b(0) = 0, c3 = b(0) = 0 -> fixed at zeros;
        // with c1 clamped to 1: (1, 1, 0) as above; change (1, 1, 0)
        Scenario s = Scenario.run(CHAIN, Map.of(), 0, Map.of("c1", 1.0),
                new SimulationSettings(UpdateRule.KOSKO, Squashing.bivalent(), 100, 1e-6));

        assertThat(s.baseline().finalState()).containsValues(0.0, 0.0, 0.0);
        assertThat(s.change()).containsExactly(Map.entry("c1", 1.0), Map.entry("c2", 1.0), Map.entry("c3", 0.0));
    }

    @Test
    void clampingAConceptTheMapDoesNotHaveIsAnError() {
        assertThatThrownBy(() -> Simulation.run(CHAIN, Map.of(), 0, Map.of("rain", 1.0), SimulationSettings.DEFAULT))
                .hasMessageContaining("no concept 'rain'");
    }
}
