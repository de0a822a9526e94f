package io.causalstream.cesar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CesarHeadFileTest {

    @Test
    void roundTripKeepsHalfPrecision() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        int d = 8;
        CesarHead head = new CesarHead("enc", matrix(random, d), vector(random, d), matrix(random, d),
                matrix(random, d), "seed 7\nepochs 4");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CesarHeadFile.write(head, bytes);

        CesarHead back = CesarHeadFile.read(new ByteArrayInputStream(bytes.toByteArray()));

        assertThat(back.encoder()).isEqualTo("enc");
        assertThat(back.description()).isEqualTo("seed 7\nepochs 4");
        assertThat(back.dimension()).isEqualTo(d);
        for (int r = 0; r < d; r++) {
            for (int c = 0; c < d; c++) {
                // values in [-1, 1]: half precision keeps 11 significant bits, error <= 2^-11
                assertThat(back.wq()[r][c]).isCloseTo(head.wq()[r][c], within(1f / 2048));
                assertThat(back.projection()[r][c]).isCloseTo(head.projection()[r][c], within(1f / 2048));
            }
        }
        assertThat(back.wk()[3][5]).isEqualTo(Float.float16ToFloat(Float.floatToFloat16(head.wk()[3][5])));
    }

    @Test
    void contextLayerRoundTrips() throws IOException {
        SplittableRandom random = new SplittableRandom(9);
        int d = 4;
        int hidden = 6;
        ContextLayer layer = new ContextLayer(2, vector(random, d), vector(random, d), matrix(random, d),
                matrix(random, d), matrix(random, d), matrix(random, d), vector(random, d), vector(random, d),
                vector(random, d), rect(random, d, hidden), vector(random, hidden), rect(random, hidden, d),
                vector(random, d));
        CesarHead head = new CesarHead("enc", layer, null, null, matrix(random, d), matrix(random, d), "");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CesarHeadFile.write(head, bytes);

        CesarHead back = CesarHeadFile.read(new ByteArrayInputStream(bytes.toByteArray()));

        assertThat(back.context().heads()).isEqualTo(2);
        assertThat(back.context().hidden()).isEqualTo(hidden);
        assertThat(back.context().w2()[5][3]).isCloseTo(layer.w2()[5][3], within(1f / 2048));
        assertThat(back.context().ln2Bias()[1]).isCloseTo(layer.ln2Bias()[1], within(1f / 2048));
        float[][] c = {{0.1f, 0.2f, -0.3f, 0.4f}, {1, 0, 0, 1}};
        float[][] e = {{0.5f, -0.5f, 0.5f, 0}};
        assertThat(CesarStrength.score(back, c, e)).isCloseTo(CesarStrength.score(head, c, e), within(1e-2));
    }

    @Test
    void headWithoutProjectionRoundTrips() throws IOException {
        CesarHead head = CesarHead.withoutProjection("enc", new float[][] {{0.5f}}, new float[][] {{-2f}});
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CesarHeadFile.write(head, bytes);

        CesarHead back = CesarHeadFile.read(new ByteArrayInputStream(bytes.toByteArray()));

        assertThat(back).isEqualTo(head);
        assertThat(back.projection()).isNull();
    }

    @Test
    void rejectsOtherFiles() {
        assertThatThrownBy(() -> CesarHeadFile.read(new ByteArrayInputStream(new byte[] {1, 2, 3})))
                .isInstanceOf(IOException.class);
    }

    @Test
    void theBundledHeadLoadsAndFitsMiniLm() throws IOException {
        CesarHead head = CesarHeadFile.readBundled();

        assertThat(head.encoder()).isEqualTo("all-minilm-l6-v2");
        assertThat(head.dimension()).isEqualTo(384);
        assertThat(head.description()).contains("examples");
    }

    private static float[][] rect(SplittableRandom random, int rows, int cols) {
        float[][] m = new float[rows][];
        for (int r = 0; r < rows; r++) {
            m[r] = vector(random, cols);
        }
        return m;
    }

    private static float[][] matrix(SplittableRandom random, int d) {
        float[][] m = new float[d][];
        for (int r = 0; r < d; r++) {
            m[r] = vector(random, d);
        }
        return m;
    }

    private static float[] vector(SplittableRandom random, int d) {
        float[] v = new float[d];
        for (int k = 0; k < d; k++) {
            v[k] = (float) (random.nextDouble() * 2 - 1);
        }
        return v;
    }
}
