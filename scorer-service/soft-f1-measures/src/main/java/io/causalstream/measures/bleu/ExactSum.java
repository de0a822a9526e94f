package io.causalstream.measures.bleu;

/**
 * Python's {@code math.fsum}: the correctly rounded sum of doubles (Shewchuk's exact partial sums, then CPython's
 * final half-way correction), which NLTK uses to add the weighted log precisions. A plain loop can differ from it
 * in the last bit.
 */
final class ExactSum {

    static double fsum(double[] values, int count) {
        double[] partials = new double[Math.max(4, count)];
        int n = 0;
        for (int k = 0; k < count; k++) {
            double x = values[k];
            int i = 0;
            for (int j = 0; j < n; j++) {
                double y = partials[j];
                if (Math.abs(x) < Math.abs(y)) {
                    double t = x;
                    x = y;
                    y = t;
                }
                double hi = x + y;
                double lo = y - (hi - x);
                if (lo != 0.0) {
                    partials[i++] = lo;
                }
                x = hi;
            }
            n = i;
            if (x != 0.0) {
                if (n >= partials.length) {
                    partials = java.util.Arrays.copyOf(partials, partials.length * 2);
                }
                partials[n++] = x;
            }
        }
        if (n == 0) {
            return 0.0;
        }
        // Sum from the top, stopping at the first inexact addition; then round half-way cases as CPython does.
        double hi = partials[--n];
        double lo = 0.0;
        while (n > 0) {
            double x = hi;
            double y = partials[--n];
            hi = x + y;
            double yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) {
                break;
            }
        }
        if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
            double y = lo * 2.0;
            double x = hi + y;
            double yr = x - hi;
            if (y == yr) {
                hi = x;
            }
        }
        return hi;
    }

    private ExactSum() {
    }
}
