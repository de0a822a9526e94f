package io.causalstream.measures.agreement;

/**
 * {@code numpy.mean} of a 1-D float64 array, bit for bit: numpy's pairwise summation (blocks of up to 128
 * elements are summed with eight interleaved accumulators, combined as ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), the
 * remainder added in order; longer arrays are split in halves at a multiple of 8), then one division by n.
 * The order matters in the last bits, and Table 3's printed means are reproduced to all 17 digits.
 */
public final class NumpyMean {

    private static final int BLOCK = 128;

    public static double mean(double[] a) {
        return sum(a, 0, a.length) / a.length;
    }

    static double sum(double[] a, int from, int n) {
        if (n < 8) {
            double res = 0.0;
            for (int i = 0; i < n; i++) {
                res += a[from + i];
            }
            return res;
        }
        if (n <= BLOCK) {
            double[] r = new double[8];
            System.arraycopy(a, from, r, 0, 8);
            int i;
            for (i = 8; i < n - (n % 8); i += 8) {
                for (int k = 0; k < 8; k++) {
                    r[k] += a[from + i + k];
                }
            }
            double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
            for (; i < n; i++) {
                res += a[from + i];
            }
            return res;
        }
        int n2 = n / 2;
        n2 -= n2 % 8;
        return sum(a, from, n2) + sum(a, from + n2, n - n2);
    }

    private NumpyMean() {
    }
}
