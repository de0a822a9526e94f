package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AlignmentSummaryTest {

    private static AlignmentResult result(int matched, int gold, int predicted) {
        TypeScore s = TypeScore.of(matched, gold, predicted);
        if (gold == 0 || predicted == 0) {
            double v = gold == 0 && predicted == 0 ? 1.0 : 0.0;
            s = new TypeScore(0, gold, predicted, v, v, v);
        }
        return new AlignmentResult(matched, gold, predicted, s.precision(), s.recall(), s.f1(), true, false,
                NodeOrder.DEGREE_DESC, Map.of(), Map.of(), List.of());
    }

    @Test
    void microPoolsEdgesMacroAveragesArticlesWithGoldEdges() {
        // article 1: 3 of 4 gold, 6 predicted -> P .5, R .75, F1 .6
        // article 2: 1 of 1 gold, 1 predicted -> 1, 1, 1
        // article 3: no gold edges, 2 predicted -> excluded from macro, counts in micro
        AlignmentSummary s = AlignmentSummary.of(List.of(result(3, 4, 6), result(1, 1, 1), result(0, 0, 2)));
        assertThat(s.articles()).isEqualTo(3);
        assertThat(s.macroArticles()).isEqualTo(2);
        assertThat(s.micro()).isEqualTo(TypeScore.of(4, 5, 9));
        assertThat(s.micro().precision()).isEqualTo(4.0 / 9);
        assertThat(s.micro().recall()).isEqualTo(0.8);
        assertThat(s.macroPrecision()).isEqualTo(0.75);
        assertThat(s.macroRecall()).isEqualTo(0.875);
        assertThat(s.macroF1()).isCloseTo(0.8, within(1e-15));
        assertThat(s.provenOptimal()).isEqualTo(3);
    }

    @Test
    void emptyCorpus() {
        AlignmentSummary s = AlignmentSummary.of(List.of());
        assertThat(s.macroArticles()).isZero();
        assertThat(s.macroF1()).isZero();
        assertThat(s.micro().f1()).isEqualTo(1.0); // no gold and no predicted edges anywhere
    }

    @Test
    void typeScoreConventions() {
        assertThat(TypeScore.of(0, 0, 0)).isEqualTo(new TypeScore(0, 0, 0, 1.0, 1.0, 1.0));
        assertThat(TypeScore.of(0, 2, 0)).isEqualTo(new TypeScore(0, 2, 0, 0.0, 0.0, 0.0));
        assertThat(TypeScore.of(0, 0, 3)).isEqualTo(new TypeScore(0, 0, 3, 0.0, 0.0, 0.0));
        assertThat(TypeScore.of(2, 4, 2).f1()).isEqualTo(2 * 1.0 * 0.5 / 1.5);
    }
}
