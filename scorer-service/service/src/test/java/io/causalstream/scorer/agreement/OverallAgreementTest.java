package io.causalstream.scorer.agreement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class OverallAgreementTest {

    @Test
    void meanWithStudentTIntervalOverPassages() {
        // mean 0.4, s = 0.2, se = 0.2 / sqrt(3), t(2, 0.975) = 4.302652729911275
        OverallAgreement all = OverallAgreement.of(new double[] {0.2, 0.4, 0.6}, 0.95);
        double half = 4.302652729911275 * 0.2 / Math.sqrt(3);
        assertThat(all.mean()).isCloseTo(0.4, within(1e-12));
        assertThat(all.interval().low()).isCloseTo(0.4 - half, within(1e-9));
        assertThat(all.interval().high()).isCloseTo(0.4 + half, within(1e-9));
        assertThat(all.passages()).isEqualTo(3);
        assertThat(all.level()).isEqualTo(0.95);
    }

    @Test
    void onePassageHasNoInterval() {
        OverallAgreement one = OverallAgreement.of(new double[] {0.5}, 0.95);
        assertThat(one.mean()).isEqualTo(0.5);
        assertThat(one.interval()).isNull();
        assertThat(one.passages()).isEqualTo(1);
        assertThatThrownBy(() -> OverallAgreement.of(new double[0], 0.95))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
