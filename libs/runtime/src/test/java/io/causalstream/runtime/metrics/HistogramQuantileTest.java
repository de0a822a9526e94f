package io.causalstream.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class HistogramQuantileTest {

    private static TreeMap<Double, Double> buckets(double... boundCount) {
        TreeMap<Double, Double> m = new TreeMap<>();
        for (int i = 0; i < boundCount.length; i += 2) {
            m.put(boundCount[i], boundCount[i + 1]);
        }
        return m;
    }

    @Test
    void interpolatesInsideTheBucketHoldingTheRankAsPromqlDoes() {
        // 10 observations: 2 <= 1, 6 in (1, 2], 2 in (2, 4]
        var b = buckets(1, 2, 2, 8, 4, 10, Double.POSITIVE_INFINITY, 10);
        assertThat(HistogramQuantile.quantile(0.1, b)).isCloseTo(0.5, within(1e-12)); // rank 1 of 2 in [0, 1]
        assertThat(HistogramQuantile.quantile(0.5, b)).isCloseTo(1.5, within(1e-12)); // rank 5: 1 + 1 * 3/6
        assertThat(HistogramQuantile.quantile(0.9, b)).isCloseTo(3.0, within(1e-12)); // rank 9: 2 + 2 * 1/2
        assertThat(HistogramQuantile.quantile(1.0, b)).isCloseTo(4.0, within(1e-12));
    }

    @Test
    void aRankInTheInfiniteBucketAnswersTheHighestFiniteBound() {
        var b = buckets(1, 5, 2, 8, Double.POSITIVE_INFINITY, 10);
        assertThat(HistogramQuantile.quantile(0.95, b)).isEqualTo(2.0);
    }

    @Test
    void noObservationsNoQuantile() {
        assertThat(HistogramQuantile.quantile(0.5, buckets(1, 0, Double.POSITIVE_INFINITY, 0))).isNull();
        assertThat(HistogramQuantile.quantile(0.5, buckets())).isNull();
    }

    @Test
    void growthIsPerBoundAndAResetGivesNone() {
        var before = buckets(1, 2, Double.POSITIVE_INFINITY, 3);
        assertThat(HistogramQuantile.growth(before, buckets(1, 5, Double.POSITIVE_INFINITY, 9)))
                .containsEntry(1.0, 3.0).containsEntry(Double.POSITIVE_INFINITY, 6.0);
        assertThat(HistogramQuantile.growth(before, buckets(1, 0, Double.POSITIVE_INFINITY, 1))).isNull();
    }
}
