package io.causalstream.measures.agreement;

import java.util.Arrays;

/**
 * Spearman's rank correlation as {@code scipy.stats.spearmanr(x, y).correlation} (scipy 1.10) computes it,
 * operation for operation, so results agree to the last bit: average ranks for ties ({@code rankdata}), then
 * {@code numpy.corrcoef} of the ranks — covariances scaled by {@code 1 / (n - 1)}, then {@code c[1,0]} divided by
 * the standard deviation of y and then of x, clipped to [-1, 1]. NaN when either input is constant or n &lt; 2
 * (scipy returns nan there).
 */
public final class Spearman {

    public static double correlation(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y differ in length: " + x.length + " vs " + y.length);
        }
        int n = x.length;
        if (n < 2 || constant(x) || constant(y)) {
            return Double.NaN;
        }
        double[] rx = averageRanks(x);
        double[] ry = averageRanks(y);
        double mx = NumpyMean.mean(rx);
        double my = NumpyMean.mean(ry);
        // Centred ranks are multiples of 1/2 and their products of 1/4: these sums are exact in any order.
        double sxx = 0;
        double syy = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            double dx = rx[i] - mx;
            double dy = ry[i] - my;
            sxx += dx * dx;
            syy += dy * dy;
            sxy += dy * dx;
        }
        double factor = 1.0 / (n - 1);
        double cxx = sxx * factor;
        double cyy = syy * factor;
        double cyx = sxy * factor;
        double r = cyx / Math.sqrt(cyy) / Math.sqrt(cxx);
        return Math.max(-1.0, Math.min(1.0, r));
    }

    /** {@code scipy.stats.rankdata(a, method='average')}: 1-based ranks, ties get the mean of their ranks. */
    public static double[] averageRanks(double[] a) {
        int n = a.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (i, j) -> Double.compare(a[i], a[j]));
        double[] ranks = new double[n];
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && a[order[j + 1]] == a[order[i]]) {
                j++;
            }
            double rank = 0.5 * ((i + 1) + (j + 1));
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }

    private static boolean constant(double[] a) {
        for (double v : a) {
            if (v != a[0]) {
                return false;
            }
        }
        return true;
    }

    private Spearman() {
    }
}
