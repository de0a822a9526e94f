package io.causalstream.runtime.metrics;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A quantile from cumulative histogram buckets, the way PromQL's {@code histogram_quantile} computes it: find the
 * bucket holding the rank {@code q * count} and interpolate linearly inside it (the first bucket from 0); a rank
 * in the {@code +Inf} bucket answers the highest finite bound. Micrometer's Prometheus registry publishes a timer
 * with a percentile histogram as buckets only (no {@code quantile} lines), so the dashboard computes its
 * percentiles here, from the buckets' growth between two scrapes.
 */
public final class HistogramQuantile {

    private HistogramQuantile() {
    }

    /** @return {@code null} when the buckets hold no observation */
    public static Double quantile(double q, SortedMap<Double, Double> cumulative) {
        if (cumulative.isEmpty() || q < 0 || q > 1) {
            return null;
        }
        double total = cumulative.get(cumulative.lastKey());
        if (!(total > 0)) {
            return null;
        }
        double rank = q * total;
        double lowerBound = 0;
        double lowerCount = 0;
        double lastFinite = 0;
        for (Map.Entry<Double, Double> b : cumulative.entrySet()) {
            double bound = b.getKey();
            double count = b.getValue();
            if (count >= rank && count > lowerCount) {
                if (Double.isInfinite(bound)) {
                    return lastFinite;
                }
                return lowerBound + (bound - lowerBound) * (rank - lowerCount) / (count - lowerCount);
            }
            if (!Double.isInfinite(bound)) {
                lastFinite = bound;
            }
            lowerBound = bound;
            lowerCount = count;
        }
        return lastFinite;
    }

    /** {@code now - before} per bound (the observations between two scrapes); null after a reset. */
    public static SortedMap<Double, Double> growth(SortedMap<Double, Double> before, SortedMap<Double, Double> now) {
        SortedMap<Double, Double> out = new TreeMap<>();
        for (Map.Entry<Double, Double> b : now.entrySet()) {
            double d = b.getValue() - before.getOrDefault(b.getKey(), 0.0);
            if (d < 0) {
                return null;
            }
            out.put(b.getKey(), d);
        }
        return out;
    }
}
