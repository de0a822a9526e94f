package io.causalstream.cesar;

import static io.causalstream.cesar.RandomHeads.matrix;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast head agrees with the straightforward one ({@link CesarStrength}) on random inputs, to 1e-4, with its
 * products through ONNX Runtime (the default here) and through the Java loops.
 */
class CesarKernelTest {

    @Test
    void theBundledHeadScoresAsTheReference() throws Exception {
        assertAgrees(CesarHeadFile.readBundled(), new Random(7), 0.4f);
    }

    @Test
    void aRandomHeadWithContextAndProjectionScoresAsTheReference() {
        Random random = new Random(11);
        int d = 24;
        int hidden = 40;
        assertAgrees(RandomHeads.withContextAndProjection(random, d, hidden), random, 1f);
    }

    @Test
    void aHeadWithoutContextOrProjectionScoresAsTheReference() {
        Random random = new Random(13);
        int d = 16;
        assertAgrees(RandomHeads.plain(random, d), random, 1f);
    }

    @Test
    void theProductsRunThroughOnnxRuntimeByDefault() throws Exception {
        assertThat(new CesarKernel(CesarHeadFile.readBundled()).onnx()).isTrue();
    }

    private static void assertAgrees(CesarHead head, Random random, float scale) {
        long seed = random.nextLong();
        assertAgrees(new CesarKernel(head, true), head, new Random(seed), scale);
        assertAgrees(new CesarKernel(head, false), head, new Random(seed), scale);
    }

    private static void assertAgrees(CesarKernel kernel, CesarHead head, Random random, float scale) {
        List<float[][]> causes = new ArrayList<>();
        List<float[][]> effects = new ArrayList<>();
        // lengths 1..40 so both the four-row blocks and the remainder rows of the matmul run
        for (int p = 0; p < 12; p++) {
            causes.add(matrix(random, 1 + random.nextInt(40), head.dimension(), scale));
            effects.add(matrix(random, 1 + random.nextInt(20), head.dimension(), scale));
        }
        double[] fast = kernel.scores(causes, effects);
        for (int p = 0; p < causes.size(); p++) {
            double reference = CesarStrength.score(head, causes.get(p), effects.get(p));
            assertThat(fast[p]).as("pair %d, onnx %s", p, kernel.onnx()).isCloseTo(reference, within(1e-4));
            // one pair alone scores as it does in a stack
            assertThat(kernel.scores(List.<float[][]>of(causes.get(p)), List.<float[][]>of(effects.get(p)))[0])
                    .isCloseTo(fast[p], within(1e-6));
        }
    }
}
