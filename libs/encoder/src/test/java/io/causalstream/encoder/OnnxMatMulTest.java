package io.causalstream.encoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one-node ONNX model computes x W as the textbook loop does, for any number of rows. */
class OnnxMatMulTest {

    @Test
    void multipliesAsTheTextbookLoop() {
        Random random = new Random(3);
        float[][] w = random(random, 37, 53);
        try (OnnxMatMul product = OnnxMatMul.of(w)) {
            assertThat(product.inputs()).isEqualTo(37);
            assertThat(product.outputs()).isEqualTo(53);
            for (int rows : new int[] {1, 2, 17, 130}) {
                float[][] x = random(random, rows, 37);
                float[][] y = product.multiply(x);
                assertThat(y).hasNumberOfRows(rows);
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < 53; c++) {
                        double expected = 0;
                        for (int k = 0; k < 37; k++) {
                            expected += (double) x[r][k] * w[k][c];
                        }
                        assertThat((double) y[r][c]).as("y[%d][%d]", r, c).isCloseTo(expected, within(1e-4));
                    }
                }
            }
            assertThat(product.multiply(new float[0][])).isEmpty();
        }
    }

    @Test
    void feedForwardIsGeluBetweenTwoProducts() {
        Random random = new Random(5);
        float[][] w1 = random(random, 12, 20);
        float[] b1 = random(random, 1, 20)[0];
        float[][] w2 = random(random, 20, 7);
        try (OnnxMatMul block = OnnxMatMul.feedForward(w1, b1, w2)) {
            float[][] x = random(random, 9, 12);
            float[][] y = block.multiply(x);
            for (int r = 0; r < x.length; r++) {
                double[] inner = new double[20];
                for (int h = 0; h < 20; h++) {
                    double u = b1[h];
                    for (int k = 0; k < 12; k++) {
                        u += (double) x[r][k] * w1[k][h];
                    }
                    inner[h] = 0.5 * u * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (u + 0.044715 * u * u * u)));
                }
                for (int c = 0; c < 7; c++) {
                    double expected = 0;
                    for (int h = 0; h < 20; h++) {
                        expected += inner[h] * w2[h][c];
                    }
                    assertThat((double) y[r][c]).as("y[%d][%d]", r, c).isCloseTo(expected, within(1e-3));
                }
            }
        }
    }

    @Test
    void isAvailableHere() {
        assertThat(OnnxMatMul.available()).isTrue();
    }

    @Test
    void theEncoderStillLoadsAfterAProductWasBuilt() {
        // DJL creates ONNX Runtime's environment with its own options and fails if it exists already
        try (OnnxMatMul product = OnnxMatMul.of(new float[][] {{1}});
             DjlTokenEncoder encoder = DjlTokenEncoder.open(EncoderSettings.bundledMiniLm())) {
            assertThat(product.multiply(new float[][] {{2}})[0][0]).isEqualTo(2f);
            assertThat(encoder.encode(java.util.List.of("fire")).getFirst().length()).isEqualTo(3);
        }
    }

    @Test
    void rejectsRowsOfTheWrongLength() {
        try (OnnxMatMul product = OnnxMatMul.of(new float[][] {{1, 2}, {3, 4}})) {
            assertThatThrownBy(() -> product.multiply(new float[][] {{1, 2, 3}}))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> OnnxMatMul.of(new float[][] {{1, 2}, {3}}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static float[][] random(Random random, int rows, int cols) {
        float[][] m = new float[rows][cols];
        for (float[] row : m) {
            for (int c = 0; c < cols; c++) {
                row[c] = (float) random.nextGaussian();
            }
        }
        return m;
    }
}
