package io.causalstream.research.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LeaveOneOutTest {

    @Test
    void smallCaseByHand() {
        // candidate 0 is best on passages 1 and 2, candidate 1 on passage 0
        double[][] rho = {{0.0, 0.5, 0.5}, {0.9, 0.1, 0.2}};
        LeaveOneOut.Result r = LeaveOneOut.run(rho);
        // without passage 0: means 0.5 vs 0.15 -> 0; without 1: 0.25 vs 0.55 -> 1; without 2: 0.25 vs 0.5 -> 1
        assertThat(r.chosen()).containsExactly(0, 1, 1);
        assertThat(r.heldOut()).containsExactly(0.0, 0.1, 0.2);
        assertThat(r.mean()).isEqualTo((0.0 + 0.1 + 0.2) / 3);
        // in sample, candidate 1 wins (0.4 vs 0.333)
        assertThat(LeaveOneOut.best(rho)).isEqualTo(1);
    }

    @Test
    void tiesGoToTheFirstCandidate() {
        assertThat(LeaveOneOut.best(new double[][] {{0.2, 0.2}, {0.2, 0.2}})).isEqualTo(0);
    }

    @Test
    void theHeldOutPassageIsNeverSeenByTheChoice() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            int candidates = 2 + random.nextInt(20);
            int passages = 2 + random.nextInt(20);
            double[][] rho = new double[candidates][passages];
            for (double[] row : rho) {
                for (int p = 0; p < passages; p++) {
                    row[p] = random.nextDouble(-1, 1);
                }
            }
            LeaveOneOut.Result honest = LeaveOneOut.run(rho);
            for (int p = 0; p < passages; p++) {
                // rewrite the held-out column so that the candidate chosen without it is the worst one there and
                // every other candidate looks perfect: a choice that peeked at passage p would change
                double[][] tampered = new double[candidates][];
                for (int c = 0; c < candidates; c++) {
                    tampered[c] = rho[c].clone();
                    tampered[c][p] = c == honest.chosen()[p] ? -1e6 : 1e6;
                }
                LeaveOneOut.Result again = LeaveOneOut.run(tampered);
                assertThat(again.chosen()[p]).as("trial %d passage %d", trial, p).isEqualTo(honest.chosen()[p]);
                assertThat(again.heldOut()[p]).isEqualTo(-1e6);
            }
        }
    }

    @Test
    void trainingDropsExactlyTheHeldOutColumn() {
        double[][] t = LeaveOneOut.training(new double[][] {{1, 2, 3}, {4, 5, 6}}, 1);
        assertThat(t[0]).containsExactly(1, 3);
        assertThat(t[1]).containsExactly(4, 6);
    }
}
