package io.causalstream.scorer.alignment;

import java.util.Arrays;

/**
 * Maximum-weight assignment of rows to distinct columns (each row to at most one column, weights &ge; 0): the
 * Hungarian algorithm (Kuhn-Munkres with potentials, O(rows² · (rows + cols))) on costs −weight, with one zero-cost
 * "no column" per row so that leaving a row unassigned is always possible.
 */
final class Assignment {

    private static final int INF = Integer.MAX_VALUE / 4;

    /** The maximum total weight; {@code weight} is rows × cols, non-negative. */
    static int maxWeight(int[][] weight, int rows, int cols) {
        int m = cols + rows;
        int[] u = new int[rows + 1];
        int[] v = new int[m + 1];
        int[] p = new int[m + 1];
        int[] way = new int[m + 1];
        int[] minv = new int[m + 1];
        boolean[] done = new boolean[m + 1];
        for (int i = 1; i <= rows; i++) {
            p[0] = i;
            int j0 = 0;
            Arrays.fill(minv, INF);
            Arrays.fill(done, false);
            do {
                done[j0] = true;
                int i0 = p[j0];
                int delta = INF;
                int j1 = 0;
                for (int j = 1; j <= m; j++) {
                    if (!done[j]) {
                        int cost = j <= cols ? -weight[i0 - 1][j - 1] : 0;
                        int cur = cost - u[i0] - v[j];
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
                    if (done[j]) {
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
        return v[0];
    }

    private Assignment() {
    }
}
