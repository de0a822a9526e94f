package io.causalstream.measures.agreement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.measures.agreement.Intervals.Interval;
import org.junit.jupiter.api.Test;

class IntervalsTest {

    /** The notebook's BLEU-E* per-passage correlations (EloStudyTest#bleuRow, Table 3's E* row). */
    static final double[] NOTEBOOK_BLEU = {-0.18257418583505536, 0.13693063937629152, -0.38797014489949266, 0.0,
        0.47925723781702034, 0, 0.3651483716701107, 0.5020790110464023, 0, 0.45643546458763845,
        -0.6210590034081188, 0.47925723781702034, 0, 0.0, 0.41079191812887456, 0.27386127875258304,
        -0.41079191812887456, 0.41079191812887456, 0, 0.27386127875258304};

    static final double[] NOTEBOOK_METEOR = {-0.18257418583505536, 0.13693063937629152, -0.38797014489949266, 0.0,
        0.5477225575051661, 0, 0.3651483716701107, 0.5020790110464023, 0, 0.45643546458763845,
        -0.6210590034081188, 0.5477225575051661, 0, -0.20701966780270628, 0.41079191812887456,
        0.27386127875258304, 0, 0.41079191812887456, 0, 0.27386127875258304};

    @Test
    void studentTReproducesThePapersBleuStarIntervals() {
        // Table 3, BLEU-E*: 90% (-0.018, 0.237), 95% (-0.045, 0.263)
        assertThat(Intervals.studentT(NOTEBOOK_BLEU, 0.90).toString()).isEqualTo("(-0.018, 0.237)");
        assertThat(Intervals.studentT(NOTEBOOK_BLEU, 0.95).toString()).isEqualTo("(-0.045, 0.263)");
    }

    @Test
    void studentTReproducesThePapersMeteorStarIntervals() {
        // Table 3, METEOR-E*: 90% (0.001, 0.252), 95% (-0.025, 0.278)
        assertThat(Intervals.studentT(NOTEBOOK_METEOR, 0.90).toString()).isEqualTo("(0.001, 0.252)");
        assertThat(Intervals.studentT(NOTEBOOK_METEOR, 0.95).toString()).isEqualTo("(-0.025, 0.278)");
    }

    @Test
    void studentTOfTwoValuesByHand() {
        // mean 1, s = sqrt(2), se = 1, t(1 df, 0.975) = 12.7062047...
        Interval i = Intervals.studentT(new double[] {0, 2}, 0.95);
        assertThat(i.low()).isCloseTo(1 - 12.706204736174698, within(1e-9));
        assertThat(i.high()).isCloseTo(1 + 12.706204736174698, within(1e-9));
    }

    @Test
    void constantValuesGiveAPointInterval() {
        double[] c = {0.3, 0.3, 0.3, 0.3};
        assertThat(Intervals.studentT(c, 0.95).low()).isCloseTo(0.3, within(1e-15));
        assertThat(Intervals.bootstrap(c, 0.95, 500, 1)).isEqualTo(new Interval(0.3, 0.3));
    }

    @Test
    void bootstrapIsSeededAndBracketsTheMean() {
        Interval a = Intervals.bootstrap(NOTEBOOK_BLEU, 0.95, 5000, 14);
        assertThat(Intervals.bootstrap(NOTEBOOK_BLEU, 0.95, 5000, 14)).isEqualTo(a);
        assertThat(a.contains(Intervals.mean(NOTEBOOK_BLEU))).isTrue();
        assertThat(a.high() - a.low()).isLessThan(Intervals.studentT(NOTEBOOK_BLEU, 0.999).high()
                - Intervals.studentT(NOTEBOOK_BLEU, 0.999).low());
        assertThat(Intervals.bootstrap(NOTEBOOK_BLEU, 0.95, 5000, 15)).isNotEqualTo(a);
    }

    @Test
    void pairedDifferences() {
        assertThat(Intervals.difference(new double[] {1, 2}, new double[] {0.5, 3})).containsExactly(0.5, -1.0);
        assertThatThrownBy(() -> Intervals.difference(new double[1], new double[2]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Intervals.studentT(new double[] {1}, 0.95))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
