package io.causalstream.measures;

import java.util.Arrays;

/**
 * Maximum-weight one-to-one assignment in a bipartite graph with non-negative integer weights (the Hungarian
 * algorithm, O(n^2 m) for n rows and m columns). Integer weights keep it exact: no floating-point ties. The soft F1
 * uses the matching itself; the structure-first alignment's branch and bound uses its total as an upper bound.
 */
public final class MaximumWeightMatching {

    private static final long INF = Long.MAX_VALUE / 4;

    /**
     * @param weights {@code weights[r][c] >= 0}; a zero weight means "no edge"
     * @return for each row the matched column, or -1 when the row is unmatched (or matched only through a
     *     zero-weight pair, which is the same as unmatched)
     */
    static int[] solve(long[][] weights) {
        int rows = weights.length;
        int cols = rows == 0 ? 0 : weights[0].length;
        int[] rowToCol = new int[rows];
        Arrays.fill(rowToCol, -1);
        if (rows == 0 || cols == 0) {
            return rowToCol;
        }
        boolean transpose = rows > cols;
        long[][] cost = transpose ? negatedTranspose(weights) : negated(weights);
        int[] assigned = minimumCostAssignment(cost);
        for (int r = 0; r < cost.length; r++) {
            int c = assigned[r];
            if (c < 0) {
                continue;
            }
            int row = transpose ? c : r;
            int col = transpose ? r : c;
            if (weights[row][col] > 0) {
                rowToCol[row] = col;
            }
        }
        return rowToCol;
    }

    /**
     * The largest total weight of an assignment of rows to distinct columns, any row free to stay unassigned. Only
     * the top-left {@code rows} x {@code cols} of {@code weight} are read, so a caller can reuse a larger buffer.
     */
    public static int maxTotalWeight(int[][] weight, int rows, int cols) {
        if (rows == 0 || cols == 0) {
            return 0;
        }
        // one zero-cost "no column" per row: leaving a row unassigned is always possible, and rows <= columns
        long[][] cost = new long[rows][cols + rows];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                cost[r][c] = -weight[r][c];
            }
        }
        int[] assigned = minimumCostAssignment(cost);
        int total = 0;
        for (int r = 0; r < rows; r++) {
            if (assigned[r] >= 0 && assigned[r] < cols) {
                total += weight[r][assigned[r]];
            }
        }
        return total;
    }

    /** Hungarian algorithm with potentials for n <= m; returns the column of each row. */
    private static int[] minimumCostAssignment(long[][] a) {
        int n = a.length;
        int m = a[0].length;
        long[] u = new long[n + 1];
        long[] v = new long[m + 1];
        int[] p = new int[m + 1];   // p[j]: row (1-based) assigned to column j, 0 = none
        int[] way = new int[m + 1];
        long[] minv = new long[m + 1];
        boolean[] used = new boolean[m + 1];
        for (int i = 1; i <= n; i++) {
            p[0] = i;
            int j0 = 0;
            Arrays.fill(minv, INF);
            Arrays.fill(used, false);
            do {
                used[j0] = true;
                int i0 = p[j0];
                long delta = INF;
                int j1 = 0;
                for (int j = 1; j <= m; j++) {
                    if (!used[j]) {
                        long cur = a[i0 - 1][j - 1] - u[i0] - v[j];
                        if (cur < minv[j]) {
                            minv[j] = cur;
                            way[j] = j0;
                        }
                        if (minv[j] < delta) {
                            delta = minv[j];
                            j1 = j;
                        }
                    }
                }
                for (int j = 0; j <= m; j++) {
                    if (used[j]) {
                        u[p[j]] += delta;
                        v[j] -= delta;
                    } else {
                        minv[j] -= delta;
                    }
                }
                j0 = j1;
            } while (p[j0] != 0);
            do {
                int j1 = way[j0];
                p[j0] = p[j1];
                j0 = j1;
            } while (j0 != 0);
        }
        int[] rowToCol = new int[n];
        Arrays.fill(rowToCol, -1);
        for (int j = 1; j <= m; j++) {
            if (p[j] != 0) {
                rowToCol[p[j] - 1] = j - 1;
            }
        }
        return rowToCol;
    }

    private static long[][] negated(long[][] w) {
        long[][] out = new long[w.length][];
        for (int r = 0; r < w.length; r++) {
            out[r] = new long[w[r].length];
            for (int c = 0; c < w[r].length; c++) {
                out[r][c] = -w[r][c];
            }
        }
        return out;
    }

    private static long[][] negatedTranspose(long[][] w) {
        long[][] out = new long[w[0].length][w.length];
        for (int r = 0; r < w.length; r++) {
            for (int c = 0; c < w[r].length; c++) {
                out[c][r] = -w[r][c];
            }
        }
        return out;
    }

    private MaximumWeightMatching() {
    }
}
