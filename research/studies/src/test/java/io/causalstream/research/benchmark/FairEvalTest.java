package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FairEvalTest {

    private static List<String> tags(String s) {
        return Arrays.asList(s.split(" "));
    }

    private static int[] counts(String gold, String predicted) {
        // TP, FP, FN, LE, BE, LBE
        return FairEval.compare(tags(gold), tags(predicted)).overallCounts();
    }

    @Test
    void theMetricCardExample() {
        // hpi-dhc/FairEval's README: MISC one word too wide (a boundary error), PER right
        FairEval.Counts c = FairEval.compare(tags("O O O B-MISC I-MISC I-MISC O B-PER I-PER O"),
                tags("O O B-MISC I-MISC I-MISC I-MISC O B-PER I-PER O"));
        assertThat(c.overallCounts()).containsExactly(1, 0, 0, 0, 1, 0);
        // P = R = 1 / (1 + 0 + 0.5)
        assertThat(c.overall().precision()).isCloseTo(2.0 / 3, within(1e-15));
        assertThat(c.label("MISC").f1()).isZero();
        assertThat(c.label("PER").f1()).isEqualTo(1.0);
    }

    @Test
    void eachErrorTypeOnce() {
        assertThat(counts("B-C I-C O", "B-E I-E O")).containsExactly(0, 0, 0, 1, 0, 0); // LE
        assertThat(counts("B-C I-C I-C", "O B-E I-E")).containsExactly(0, 0, 0, 0, 0, 1); // LBE
        assertThat(counts("B-C O O", "O O B-C")).containsExactly(0, 1, 1, 0, 0, 0); // no overlap: FN + FP
        // an I tag after O starts nothing when read strictly
        assertThat(counts("B-C I-C O", "O I-C O")).containsExactly(0, 0, 1, 0, 0, 0);
    }

    @Test
    void oneWideSpanOverTwoGoldSpansIsTwoBoundaryErrors() {
        // the first gold span matches the prediction; the second matches what the prediction has left (step 2)
        assertThat(counts("B-C O B-C I-C", "B-C I-C I-C I-C")).containsExactly(0, 0, 0, 0, 2, 0);
    }

    @Test
    void aMatchDoesNotMakeTheNextGoldSpanBeSkipped() {
        // Both gold spans one word, both predictions one word too wide: two boundary errors. FairEval's original
        // script skips the gold span after each match (one BE, one FN, one FP here); the organisers' metric does
        // not, and their sample scores hold only without the skip (Subtask2ScoringTest).
        assertThat(counts("B-C O B-C O", "B-C I-C B-C I-C")).containsExactly(0, 0, 0, 0, 2, 0);
    }
}
