package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class Subtask1ScoringTest {

    @Test
    void theOrganisersSample() {
        // evaluation/subtask1/sample @ 4796c7e: truth 1 1 1 0 0, submission 1 0 1 0 0; their scores.txt prints
        // Recall 0.6666666666666666, Precision 1.0, F1 0.8, Accuracy 0.8, MCC 0.6666666666666666
        Subtask1Scoring s = Subtask1Scoring.of(List.of(true, true, true, false, false),
                List.of(true, false, true, false, false));
        assertThat(s.recall()).isCloseTo(0.6666666666666666, within(1e-15));
        assertThat(s.precision()).isEqualTo(1.0);
        assertThat(s.f1()).isCloseTo(0.8, within(1e-15));
        assertThat(s.accuracy()).isCloseTo(0.8, within(1e-15));
        // (2*2 - 0*1) / sqrt(2 * 3 * 2 * 3)
        assertThat(s.mcc()).isCloseTo(0.6666666666666666, within(1e-15));
    }

    @Test
    void nothingPredictedScoresZeroNotNaN() {
        Subtask1Scoring s = Subtask1Scoring.of(List.of(true, false), List.of(false, false));
        assertThat(s.precision()).isZero();
        assertThat(s.f1()).isZero();
        assertThat(s.mcc()).isZero();
        assertThat(s.accuracy()).isEqualTo(0.5);
    }
}
