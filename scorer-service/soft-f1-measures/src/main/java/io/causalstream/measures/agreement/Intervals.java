package io.causalstream.measures.agreement;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Confidence intervals for the mean of per-passage correlations.
 *
 * <p>{@link #studentT}: the paper's intervals (Table 3 and 4), mean &plusmn; t<sub>n-1, 1-&alpha;/2</sub> &middot;
 * s / &radic;n with s the sample standard deviation (n - 1), over the 20 per-passage values.
 *
 * <p>{@link #bootstrap}: the percentile interval of the mean when the passages are resampled with replacement
 * (seeded, so a rerun prints the same interval); no normality assumption, which 20 bounded, often tied,
 * correlations hardly satisfy.
 */
public final class Intervals {

    /** A two-sided interval. */
    public record Interval(double low, double high) {

        public boolean contains(double x) {
            return low <= x && x <= high;
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "(%.3f, %.3f)", low, high);
        }
    }

    /** The default number of bootstrap resamples. */
    public static final int ROUNDS = 10_000;

    /** Student-t interval of the mean at {@code level} (e.g. 0.95); needs at least two values. */
    public static Interval studentT(double[] x, double level) {
        checkLevel(level);
        int n = x.length;
        if (n < 2) {
            throw new IllegalArgumentException("a t interval needs at least two values, got " + n);
        }
        double mean = mean(x);
        double ss = 0;
        for (double v : x) {
            ss += (v - mean) * (v - mean);
        }
        double se = Math.sqrt(ss / (n - 1)) / Math.sqrt(n);
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - level) / 2);
        return new Interval(mean - t * se, mean + t * se);
    }

    /**
     * Percentile bootstrap interval of the mean: {@code rounds} resamples of the values with replacement, drawn from
     * a {@link SplittableRandom} seeded with {@code seed}; the interval is the (1-level)/2 and 1-(1-level)/2
     * quantiles (nearest rank) of the resampled means.
     */
    public static Interval bootstrap(double[] x, double level, int rounds, long seed) {
        checkLevel(level);
        if (x.length == 0 || rounds < 1) {
            throw new IllegalArgumentException("a bootstrap needs values and at least one round");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] means = new double[rounds];
        int n = x.length;
        for (int r = 0; r < rounds; r++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += x[random.nextInt(n)];
            }
            means[r] = sum / n;
        }
        Arrays.sort(means);
        double alpha = (1 - level) / 2;
        return new Interval(means[rank(alpha, rounds)], means[rank(1 - alpha, rounds)]);
    }

    /** Element-wise {@code a[i] - b[i]}: the paired differences of Table 4. */
    public static double[] difference(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("paired values differ in length: " + a.length + " vs " + b.length);
        }
        double[] d = new double[a.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = a[i] - b[i];
        }
        return d;
    }

    public static double mean(double[] x) {
        return NumpyMean.mean(x);
    }

    private static int rank(double q, int n) {
        return Math.min(n - 1, Math.max(0, (int) Math.ceil(q * n) - 1));
    }

    private static void checkLevel(double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("confidence level must be in (0, 1), got " + level);
        }
    }

    private Intervals() {
    }
}
