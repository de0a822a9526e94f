package io.causalstream.measures.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpearmanTest {

    @Test
    void averageRanksForTies() {
        assertThat(Spearman.averageRanks(new double[] {10, 20, 20, 5})).containsExactly(2, 3.5, 3.5, 1);
    }

    @Test
    void perfectAndReversedOrder() {
        assertThat(Spearman.correlation(new double[] {1, 2, 3}, new double[] {10, 20, 30})).isEqualTo(1.0);
        assertThat(Spearman.correlation(new double[] {1, 2, 3}, new double[] {3, 2, 1})).isEqualTo(-1.0);
    }

    /**
     * x ranks 1..4, y = {1, 2.5, 2.5, 4} (a tie): centred ranks (-1.5, -.5, .5, 1.5) and (-1.5, 0, 0, 1.5);
     * cov = 4.5 / 3, var x = 5 / 3, var y = 4.5 / 3: rho = 4.5 / sqrt(5 * 4.5) = 0.9486832980505139 (scipy 1.10).
     */
    @Test
    void tiedRanksByHand() {
        double rho = Spearman.correlation(new double[] {1, 2, 3, 4}, new double[] {0.1, 0.5, 0.5, 0.9});
        assertThat(rho).isEqualTo(((4.5 * (1.0 / 3)) / Math.sqrt(4.5 * (1.0 / 3))) / Math.sqrt(5 * (1.0 / 3)));
        assertThat(rho).isEqualTo(0.9486832980505139);
    }

    @Test
    void constantInputIsNaN() {
        assertThat(Spearman.correlation(new double[] {1, 2, 3}, new double[] {0.5, 0.5, 0.5})).isNaN();
        assertThat(Spearman.correlation(new double[] {1}, new double[] {2})).isNaN();
    }
}
