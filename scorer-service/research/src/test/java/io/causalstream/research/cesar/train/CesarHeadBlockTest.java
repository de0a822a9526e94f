package io.causalstream.research.cesar.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;
import io.causalstream.cesar.CesarHead;
import io.causalstream.cesar.CesarStrength;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The trainable DJL block (PyTorch engine) computes what the plain-Java scorer computes, on a padded batch of
 * examples of different lengths: what is trained is what is shipped.
 */
class CesarHeadBlockTest {

    private static final int D = 4;

    @Test
    void batchedBlockMatchesThePlainArithmeticPerExample() {
        check(0);
    }

    @Test
    void withAContextLayerTooPaddingIncluded() {
        check(2);
    }

    private void check(int heads) {
        SplittableRandom random = new SplittableRandom(3);
        int[] lengths = {5, 3};
        int[] causeLengths = {3, 1};
        int width = 5;
        float[] x = new float[2 * width * D];
        float[] causeMask = new float[2 * width];
        float[] effectMask = new float[2 * width];
        float[][][] rows = new float[2][][];
        for (int b = 0; b < 2; b++) {
            rows[b] = new float[lengths[b]][D];
            for (int t = 0; t < lengths[b]; t++) {
                for (int k = 0; k < D; k++) {
                    rows[b][t][k] = (float) (random.nextDouble() * 2 - 1);
                    x[(b * width + t) * D + k] = rows[b][t][k];
                }
                (t < causeLengths[b] ? causeMask : effectMask)[b * width + t] = 1;
            }
        }
        try (NDManager manager = NDManager.newBaseManager("PyTorch")) {
            CesarHeadBlock block = new CesarHeadBlock(D, true, 0.5f, 11, 0.5f, heads, 6);
            block.setInitializer(uniform(new SplittableRandom(5)), "projection");
            block.setInitializer(uniform(new SplittableRandom(6)), "bias");
            if (heads > 0) {
                // every context weight away from its identity start, so each path is exercised
                int seed = 20;
                for (String name : List.of("ln1_gain", "ln1_bias", "wq", "wk", "wv", "wo", "bo", "ln2_gain",
                        "ln2_bias", "w1", "b1", "w2", "b2")) {
                    block.setInitializer(uniform(new SplittableRandom(seed++)), "ctx_" + name);
                }
            }
            block.initialize(manager, DataType.FLOAT32, new Shape(2, width, D), new Shape(2, width),
                    new Shape(2, width));
            NDList out = block.forward(new ParameterStore(manager, false), new NDList(
                    manager.create(x, new Shape(2, width, D)),
                    manager.create(causeMask, new Shape(2, width)),
                    manager.create(effectMask, new Shape(2, width))), false);
            float[] scores = out.singletonOrThrow().toFloatArray();
            CesarHead head = block.toHead("t", "");

            assertThat(head.projection()[0][0]).isNotZero();
            assertThat(head.context() != null).isEqualTo(heads > 0);
            for (int b = 0; b < 2; b++) {
                float[][] c = Arrays.copyOfRange(rows[b], 0, causeLengths[b]);
                float[][] e = Arrays.copyOfRange(rows[b], causeLengths[b], lengths[b]);
                assertThat((double) scores[b]).isCloseTo(CesarStrength.score(head, c, e), within(1e-5));
            }
        }
    }

    private static Initializer uniform(SplittableRandom random) {
        return (m, shape, type) -> {
            float[] v = new float[Math.toIntExact(shape.size())];
            for (int i = 0; i < v.length; i++) {
                v[i] = (float) (random.nextDouble() - 0.5);
            }
            return m.create(v, shape);
        };
    }
}
