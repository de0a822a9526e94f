package io.causalstream.validation;

import static io.causalstream.validation.EdgeValidationTest.COMPENSATION;
import static io.causalstream.validation.EdgeValidationTest.FISHERIES;
import static io.causalstream.validation.EdgeValidationTest.triple;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.encoder.TextPair;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Batching and the caches change no result: validateAll equals one fresh validate per extraction. */
class EdgeValidationBatchTest {

    private static final List<Triple> FISH = List.of(
            triple("overfishing by industrial fleets", "decline", Direction.INCREASE),
            triple("overfishing", "coastal communities lost their income", Direction.INCREASE),
            triple("decline", "overfishing", Direction.INCREASE));
    private static final List<Triple> FISH_AGAIN = List.of(
            triple("overfishing by industrial fleets", "decline", Direction.INCREASE),
            triple("fish stock collapse", "tourism", Direction.DECREASE));
    private static final List<Triple> MEASURES = List.of(
            triple("ecological and social compensation measures", "overall acceptance of a local infrastructure",
                    Direction.INCREASE));

    @Test
    void aBatchOfExtractionsIsValidatedAsEachAlone() {
        List<List<TextPair>> calls = new ArrayList<>();
        // deterministic stand-in: the strength depends on the texts only
        StrengthModel strength = pairs -> {
            calls.add(pairs);
            return pairs.stream().mapToDouble(p -> (p.first().length() * 31 + p.second().length()) % 100 / 100.0)
                    .toArray();
        };
        EdgeValidation batched = new EdgeValidation(ValidationSettings.defaults(), null, strength, null);

        List<ValidatedGraph> together = batched.validateAll(List.of(
                new EdgeValidation.Extraction(FISHERIES, FISH),
                new EdgeValidation.Extraction(COMPENSATION, MEASURES),
                new EdgeValidation.Extraction(FISHERIES, FISH_AGAIN)));

        assertThat(calls).hasSize(1);
        // the edge both fisheries extractions share is scored once: 3 + 2 ("A and B" split) + 1 distinct pairs
        assertThat(calls.getFirst()).hasSize(6);
        assertThat(together.get(0)).isEqualTo(fresh(strength).validate(FISHERIES, FISH));
        assertThat(together.get(1)).isEqualTo(fresh(strength).validate(COMPENSATION, MEASURES));
        assertThat(together.get(2)).isEqualTo(fresh(strength).validate(FISHERIES, FISH_AGAIN));
    }

    @Test
    void aPassageSeenBeforeIsValidatedAsTheFirstTime() {
        StrengthModel strength = pairs -> pairs.stream().mapToDouble(p -> p.second().length() / 50.0).toArray();
        EdgeValidation validation = new EdgeValidation(ValidationSettings.defaults(), null, strength, null);

        ValidatedGraph first = validation.validate(FISHERIES, FISH);
        ValidatedGraph again = validation.validate(FISHERIES, FISH);
        ValidatedGraph other = validation.validate(FISHERIES, FISH_AGAIN);

        assertThat(again).isEqualTo(first);
        assertThat(other).isEqualTo(fresh(strength).validate(FISHERIES, FISH_AGAIN));
    }

    private static EdgeValidation fresh(StrengthModel strength) {
        return new EdgeValidation(ValidationSettings.defaults(), null, strength, null);
    }
}
