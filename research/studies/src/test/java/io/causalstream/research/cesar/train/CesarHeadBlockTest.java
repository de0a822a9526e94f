package io.causalstream.research.cesar.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;
import io.causalstream.cesar.CesarHead;
import io.causalstream.cesar.CesarStrength;
import io.causalstream.encoder.tune.GarbageCollection;
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

    /**
     * The masked softmax at logits far beyond any "large negative" constant. With Wq = s I, Wk = -s I and positive
     * embeddings every real (cause, effect) logit of the short, padded example is about -1e10. The block used to
     * write -1e9 into masked entries: those then outweighed every real pair, all attention went to masked pairs,
     * the score was exactly 0 and so was every gradient (a dead batch; larger still, a drift towards overflow).
     * Replaced by the lowest float, masked pairs weigh exactly 0 at any size: the block agrees with the plain-Java
     * arithmetic (which subtracts the maximum of the real pairs) and its gradients are finite.
     */
    @Test
    void hugeNegativeLogitsNeverSendAttentionToMaskedPairs() {
        float s = 1e5f;
        Batch batch = positiveBatch();
        try (NDManager manager = NDManager.newBaseManager("PyTorch")) {
            CesarHeadBlock block = new CesarHeadBlock(D, new CesarHeadBlock.Settings(true, 0.5f, 11, 1f, 0, 6));
            block.setInitializer(diagonal(s), "wq");
            block.setInitializer(diagonal(-s), "wk");
            float[] scores = forwardAndBackward(block, manager, batch);
            CesarHead head = block.toHead("t", "");
            for (int b = 0; b < 2; b++) {
                double expected = CesarStrength.score(head, batch.cause(b), batch.effect(b));
                assertThat(expected).isGreaterThan(0.01);
                assertThat((double) scores[b]).isCloseTo(expected, within(1e-4));
            }
            assertFiniteGradients(block);
        }
    }

    /**
     * The same in the context layer's self-attention, whose padding keys used to be masked by adding -1e9 to their
     * scores. Here a padding key scores 0 (its normalised input is 0) and every real key of the padded example
     * below -1e10 (Wq = s I, Wk = -s I, tokens whose dot products are positive in every head), so -1e9 left the
     * padding on top: the padded example attended to its padding and no longer matched the same example unpadded
     * (0.9718 against 0.9752). Masking by replacement keeps padding out at any size.
     */
    @Test
    void hugeNegativeContextScoresNeverAttendToPadding() {
        float s = 1e5f;
        Batch positive = positiveBatch();
        // different directions, yet within each head (dimensions 0-1 and 2-3) every pair of normalised tokens
        // has a positive dot product
        float[][] aligned = {{1, 2, 3, 4}, {2, 1, 4, 3}, {1.5f, 1.5f, 3.5f, 3.5f}};
        Batch batch = new Batch(new float[][][] {positive.rows()[0], aligned}, positive.causeLengths(), 5);
        try (NDManager manager = NDManager.newBaseManager("PyTorch")) {
            CesarHeadBlock block = new CesarHeadBlock(D, new CesarHeadBlock.Settings(true, 0.5f, 11, 0.5f, 2, 6));
            block.setInitializer(diagonal(s), "ctx_wq");
            block.setInitializer(diagonal(-s), "ctx_wk");
            int seed = 40;
            for (String name : List.of("wv", "wo", "bo", "w1", "b1", "w2", "b2")) {
                block.setInitializer(uniform(new SplittableRandom(seed++)), "ctx_" + name);
            }
            float[] scores = forwardAndBackward(block, manager, batch);
            CesarHead head = block.toHead("t", "");
            for (int b = 0; b < 2; b++) {
                double expected = CesarStrength.score(head, batch.cause(b), batch.effect(b));
                assertThat((double) scores[b]).as("example %d", b).isCloseTo(expected, within(1e-4));
            }
            assertFiniteGradients(block);
        }
    }

    /**
     * The gradients do not depend on when the garbage collector runs: the block's constants (the logit scale, the
     * context layer's 1/sqrt(d), GELU's factors) enter the graph in memory PyTorch owns, not in direct buffers the
     * JVM may free before the backward pass reads them (see {@code EngineMemory}). The collector runs between forward
     * and backward and the freed memory is filled with 1e30; the gradients must equal those of a quiet run.
     */
    @Test
    void gradientsAreTheSameWhenTheCollectorRunsBetweenForwardAndBackward() {
        float[] quiet = gradientsOfAContextBlock(() -> { });
        assertThat(quiet).hasSizeGreaterThan(100);
        for (int attempt = 0; attempt < 3; attempt++) {
            assertThat(gradientsOfAContextBlock(GarbageCollection::collectAndScribble)).as("attempt %d", attempt)
                    .isEqualTo(quiet);
        }
    }

    private static float[] gradientsOfAContextBlock(Runnable betweenForwardAndBackward) {
        try (NDManager manager = NDManager.newBaseManager("PyTorch")) {
            CesarHeadBlock block = new CesarHeadBlock(D, new CesarHeadBlock.Settings(true, 0.5f, 11, 0.5f, 2, 6));
            int seed = 60;
            for (String name : List.of("wq", "wk", "wv", "wo", "w1", "w2")) {
                block.setInitializer(uniform(new SplittableRandom(seed++)), "ctx_" + name);
            }
            forwardAndBackward(block, manager, positiveBatch(), betweenForwardAndBackward);
            return GarbageCollection.gradients(block);
        }
    }

    /** Two examples, the second padded (lengths 5 and 3), with embeddings in [0.1, 1.1) so every dot is positive. */
    private record Batch(float[][][] rows, int[] causeLengths, int width) {
        float[][] cause(int b) {
            return Arrays.copyOfRange(rows[b], 0, causeLengths[b]);
        }

        float[][] effect(int b) {
            return Arrays.copyOfRange(rows[b], causeLengths[b], rows[b].length);
        }
    }

    private static Batch positiveBatch() {
        SplittableRandom random = new SplittableRandom(9);
        int[] lengths = {5, 3};
        float[][][] rows = new float[2][][];
        for (int b = 0; b < 2; b++) {
            rows[b] = new float[lengths[b]][D];
            for (float[] row : rows[b]) {
                for (int k = 0; k < D; k++) {
                    row[k] = (float) (0.1 + random.nextDouble());
                }
            }
        }
        return new Batch(rows, new int[] {3, 1}, 5);
    }

    private static float[] forwardAndBackward(CesarHeadBlock block, NDManager manager, Batch batch) {
        return forwardAndBackward(block, manager, batch, () -> { });
    }

    private static float[] forwardAndBackward(CesarHeadBlock block, NDManager manager, Batch batch,
                                              Runnable betweenForwardAndBackward) {
        int width = batch.width();
        float[] x = new float[2 * width * D];
        float[] causeMask = new float[2 * width];
        float[] effectMask = new float[2 * width];
        for (int b = 0; b < 2; b++) {
            for (int t = 0; t < batch.rows()[b].length; t++) {
                System.arraycopy(batch.rows()[b][t], 0, x, (b * width + t) * D, D);
                (t < batch.causeLengths()[b] ? causeMask : effectMask)[b * width + t] = 1;
            }
        }
        block.initialize(manager, DataType.FLOAT32, new Shape(2, width, D), new Shape(2, width), new Shape(2, width));
        for (var p : block.getParameters()) {
            p.getValue().getArray().setRequiresGradient(true);
        }
        try (GradientCollector collector = Engine.getEngine("PyTorch").newGradientCollector()) {
            NDArray scores = block.forward(new ParameterStore(manager, false), new NDList(
                    manager.create(x, new Shape(2, width, D)),
                    manager.create(causeMask, new Shape(2, width)),
                    manager.create(effectMask, new Shape(2, width))), true).singletonOrThrow();
            NDArray loss = scores.sub(manager.create(new float[] {1f, 0.2f})).square().mean();
            betweenForwardAndBackward.run();
            collector.backward(loss);
            return scores.toFloatArray();
        }
    }

    private static void assertFiniteGradients(CesarHeadBlock block) {
        for (var p : block.getParameters()) {
            float[] g = p.getValue().getArray().getGradient().toFloatArray();
            for (float v : g) {
                assertThat(Float.isFinite(v)).as("gradient of %s", p.getKey()).isTrue();
            }
        }
    }

    private static Initializer diagonal(float value) {
        return (m, shape, type) -> m.eye((int) shape.get(0)).mul(value);
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
            CesarHeadBlock block = new CesarHeadBlock(D, new CesarHeadBlock.Settings(true, 0.5f, 11, 0.5f, heads, 6));
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
