package io.causalstream.measures.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumpyMeanTest {

    /** numpy's pairwise order (eight accumulators, then the tail), which can differ from a left-to-right sum. */
    @Test
    void pairwiseOrderAsNumpy() {
        double[] a = new double[20];
        for (int i = 0; i < a.length; i++) {
            a[i] = 0.1 * (i + 1) / 3;
        }
        double[] r = new double[8];
        for (int k = 0; k < 8; k++) {
            r[k] = a[k] + a[8 + k];
        }
        double expected = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (int i = 16; i < 20; i++) {
            expected += a[i];
        }
        assertThat(NumpyMean.mean(a)).isEqualTo(expected / 20);
    }

    @Test
    void shortArraysAreSummedInOrder() {
        assertThat(NumpyMean.mean(new double[] {1, 2, 4})).isEqualTo(7.0 / 3);
    }
}
