package io.causalstream.research.study;

import io.causalstream.measures.agreement.NumpyMean;
import java.util.Arrays;

/**
 * Leave-one-passage-out cross-validation of a measure's free parameters (its threshold, or any candidate
 * setting): for each passage, the candidate with the best mean correlation on the <i>other</i> passages is chosen
 * and applied to the held-out one. The held-out correlations are an honest estimate of how a setting chosen on
 * past passages agrees with people on a new one; the in-sample {@link #best} is not (it is fitted on its own test).
 *
 * <p>Input is a matrix {@code rho[candidate][passage]} of per-passage correlations. The choice for passage
 * {@code p} is computed from a copy of the matrix without column {@code p} ({@link #training}), so the held-out
 * passage cannot influence it. Ties between candidates go to the first, as in the paper's grid search.
 */
public final class LeaveOneOut {

    /** Per passage: the candidate chosen without it, and that candidate's correlation on it. */
    public record Result(int[] chosen, double[] heldOut, double mean) {
    }

    public static Result run(double[][] rho) {
        int passages = passages(rho);
        int[] chosen = new int[passages];
        double[] heldOut = new double[passages];
        for (int p = 0; p < passages; p++) {
            chosen[p] = best(training(rho, p));
            heldOut[p] = rho[chosen[p]][p];
        }
        return new Result(chosen, heldOut, NumpyMean.mean(heldOut));
    }

    /** The candidate with the highest mean over all columns (first on ties): the in-sample grid search. */
    public static int best(double[][] rho) {
        int best = 0;
        double bestMean = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < rho.length; c++) {
            double m = NumpyMean.mean(rho[c]);
            if (m > bestMean) {
                best = c;
                bestMean = m;
            }
        }
        return best;
    }

    /** The matrix without column {@code heldOut}: all a choice for that passage may see. */
    public static double[][] training(double[][] rho, int heldOut) {
        double[][] out = new double[rho.length][];
        for (int c = 0; c < rho.length; c++) {
            double[] row = rho[c];
            double[] t = new double[row.length - 1];
            System.arraycopy(row, 0, t, 0, heldOut);
            System.arraycopy(row, heldOut + 1, t, heldOut, row.length - heldOut - 1);
            out[c] = t;
        }
        return out;
    }

    private static int passages(double[][] rho) {
        if (rho.length == 0) {
            throw new IllegalArgumentException("no candidates");
        }
        int n = rho[0].length;
        if (n < 2) {
            throw new IllegalArgumentException("leave-one-out needs at least two passages, got " + n);
        }
        if (Arrays.stream(rho).anyMatch(r -> r.length != n)) {
            throw new IllegalArgumentException("every candidate needs one correlation per passage");
        }
        return n;
    }

    private LeaveOneOut() {
    }
}
