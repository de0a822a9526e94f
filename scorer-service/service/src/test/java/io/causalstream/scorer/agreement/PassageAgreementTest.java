package io.causalstream.scorer.agreement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.scorer.agreement.PassageAgreement.Score;
import io.causalstream.scorer.agreement.PassageAgreement.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hand-built tournaments whose Spearman values are known. */
class PassageAgreementTest {

    private static Map<String, Double> ratings(double... elo) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < elo.length; i++) {
            m.put("a" + i, elo[i]);
        }
        return m;
    }

    private static Map<String, List<Score>> meteor(double... f1) {
        Map<String, List<Score>> m = new LinkedHashMap<>();
        for (int i = 0; i < f1.length; i++) {
            m.put("a" + i, List.of(new Score("meteor", 0.55, f1[i])));
        }
        return m;
    }

    private static Value only(List<Value> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }

    @Test
    void sameOrderIsOneAndReversedOrderIsMinusOne() {
        Value same = only(PassageAgreement.of(ratings(1000, 1020, 1040), meteor(0.1, 0.2, 0.3)));
        assertThat(same.spearman()).isEqualTo(1.0);
        assertThat(same.n()).isEqualTo(3);
        assertThat(same.measure()).isEqualTo("meteor@0.55");
        assertThat(same.threshold()).isEqualTo(0.55);
        assertThat(only(PassageAgreement.of(ratings(1000, 1020, 1040), meteor(0.3, 0.2, 0.1))).spearman())
                .isEqualTo(-1.0);
    }

    @Test
    void tiedScoresGetAverageRanks() {
        // ranks 1,2,3,4 against 1.5,1.5,3,4: rho = 4.5 / sqrt(5 * 4.5) = 3 / sqrt(10)
        Value v = only(PassageAgreement.of(ratings(980, 1000, 1010, 1050), meteor(0.1, 0.1, 0.3, 0.4)));
        assertThat(v.spearman()).isCloseTo(3 / Math.sqrt(10), within(1e-12));
        // a tie in the human ranking counts the same way
        Value w = only(PassageAgreement.of(ratings(1000, 1000, 1010, 1050), meteor(0.1, 0.2, 0.3, 0.4)));
        assertThat(w.spearman()).isCloseTo(3 / Math.sqrt(10), within(1e-12));
    }

    @Test
    void constantRankingCountsAsZero() {
        assertThat(only(PassageAgreement.of(ratings(1000, 1020, 1040), meteor(0.5, 0.5, 0.5))).spearman())
                .isEqualTo(0.0);
        assertThat(only(PassageAgreement.of(ratings(1000, 1000, 1000), meteor(0.1, 0.2, 0.3))).spearman())
                .isEqualTo(0.0);
    }

    @Test
    void twoPlayersAgreeOrDisagreeFully() {
        // as scipy: the correlation of two ranks is +-1 to the last bit or so (0.9999999999999999 here)
        assertThat(only(PassageAgreement.of(ratings(1016, 984), meteor(0.7, 0.2))).spearman())
                .isCloseTo(1.0, within(1e-15));
        assertThat(only(PassageAgreement.of(ratings(1016, 984), meteor(0.2, 0.7))).spearman())
                .isCloseTo(-1.0, within(1e-15));
        assertThat(only(PassageAgreement.of(ratings(1016, 984), meteor(0.2, 0.2))).spearman()).isEqualTo(0.0);
    }

    @Test
    void onlyAnnotationsWithRatingAndScoreAreRankedAndOneIsNotEnough() {
        Map<String, List<Score>> scores = meteor(0.1, 0.2, 0.9);
        scores.put("unrated", List.of(new Score("meteor", 0.55, 1.0)));
        // a2 scores highest but has no rating: it is not ranked; a0 < a1 in both rankings
        Map<String, Double> r = ratings(1000, 1020);
        Value v = only(PassageAgreement.of(r, scores));
        assertThat(v.n()).isEqualTo(2);
        assertThat(v.spearman()).isCloseTo(1.0, within(1e-15));
        assertThat(PassageAgreement.of(ratings(1000), meteor(0.1))).isEmpty();
        assertThat(PassageAgreement.of(ratings(), meteor())).isEmpty();
    }

    @Test
    void eachMeasureAndThresholdIsItsOwnRanking() {
        Map<String, List<Score>> scores = new LinkedHashMap<>();
        scores.put("a0", List.of(new Score("bleu", 0.35, 0.1), new Score("bleu", 0.5, 0.9), new Score("exact", 1, 0)));
        scores.put("a1", List.of(new Score("bleu", 0.35, 0.2), new Score("bleu", 0.5, 0.8), new Score("exact", 1, 0)));
        scores.put("a2", List.of(new Score("bleu", 0.35, 0.3), new Score("bleu", 0.5, 0.7), new Score("exact", 1, 0)));
        List<Value> values = PassageAgreement.of(ratings(1000, 1020, 1040), scores);
        assertThat(values).extracting(Value::measure).containsExactly("bleu@0.35", "bleu@0.5", "exact@1");
        assertThat(values).extracting(Value::spearman).containsExactly(1.0, -1.0, 0.0);
    }

    @Test
    void measureKeyUsesTheShortestThreshold() {
        assertThat(PassageAgreement.measureKey("meteor", 0.55)).isEqualTo("meteor@0.55");
        assertThat(PassageAgreement.measureKey("exact", 1.0)).isEqualTo("exact@1");
        assertThat(PassageAgreement.measureKey("bleu", 0.352)).isEqualTo("bleu@0.352");
    }
}
