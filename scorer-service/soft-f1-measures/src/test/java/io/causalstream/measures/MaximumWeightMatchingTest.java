package io.causalstream.measures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MaximumWeightMatchingTest {

    @Test
    void handExample() {
        // rows want the same column 0; the best assignment gives it to row 1 and row 0 takes column 1
        int[][] w = {{5, 4, 0}, {7, 0, 0}};
        assertThat(MaximumWeightMatching.maxTotalWeight(w, 2, 3)).isEqualTo(11);
        // rows may stay unassigned
        assertThat(MaximumWeightMatching.maxTotalWeight(new int[][] {{3}, {2}, {9}}, 3, 1)).isEqualTo(9);
    }

    @Test
    void equalsBruteForceOnRandomMatrices() {
        Random random = new Random(42);
        for (int trial = 0; trial < 2_000; trial++) {
            int rows = 1 + random.nextInt(5);
            int cols = 1 + random.nextInt(5);
            int[][] w = new int[rows][cols];
            for (int[] row : w) {
                for (int c = 0; c < cols; c++) {
                    row[c] = random.nextInt(4) == 0 ? 0 : random.nextInt(10);
                }
            }
            assertThat(MaximumWeightMatching.maxTotalWeight(w, rows, cols))
                    .isEqualTo(brute(w, 0, new boolean[cols]));
        }
    }

    private static int brute(int[][] w, int row, boolean[] taken) {
        if (row == w.length) {
            return 0;
        }
        int best = brute(w, row + 1, taken);
        for (int c = 0; c < taken.length; c++) {
            if (!taken[c]) {
                taken[c] = true;
                best = Math.max(best, w[row][c] + brute(w, row + 1, taken));
                taken[c] = false;
            }
        }
        return best;
    }
}
