package io.causalstream.research.cesar.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.cesar.CesarHead;
import io.causalstream.cesar.ContextLayer;
import io.causalstream.encoder.FakeTokenEncoder;
import io.causalstream.research.cesar.data.TrainingExample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trainer on a small store made by the test-only fake encoder (8-dimensional word vectors, no model): one
 * example carries a NaN embedding, so the batch holding it has a NaN loss and NaN gradients in every epoch.
 */
class CesarTrainerTest {

    private static final int D = 8;

    @TempDir
    Path dir;

    @BeforeEach
    void dumpIntoTheTestDirectory() {
        System.setProperty(CesarTrainer.DUMP_DIR_PROPERTY, dir.toString());
    }

    @AfterEach
    void clearDumpDirectory() {
        System.clearProperty(CesarTrainer.DUMP_DIR_PROPERTY);
    }

    /**
     * Before, such a step was applied: AdamW turned every weight into NaN, the next loss was NaN and training
     * stopped ("diverged in the first epoch"). Now the step is skipped, its gradients zeroed, and training goes
     * on: every epoch finishes with a finite loss, says how many steps it skipped, and the weights stay finite.
     */
    @Test
    void aBatchWithANonFiniteLossIsSkippedAndTrainingGoesOn() throws Exception {
        CesarTrainer.Result result = train(true);

        assertThat(result.epochs()).hasSize(2);
        for (CesarTrainer.EpochReport e : result.epochs()) {
            assertThat(Double.isFinite(e.meanLoss())).isTrue();
            assertThat(e.note()).contains("1 non-finite steps skipped");
        }
        assertFinite(result.head());
        try (var dumps = Files.list(dir)) {
            assertThat(dumps.filter(f -> f.getFileName().toString().startsWith("cesar-nonfinite-seed5-e1-")))
                    .hasSize(1);
        }
    }

    @Test
    void trainingIsRepeatableAndHealthyRunsSkipNothing() throws Exception {
        CesarTrainer.Result first = train(false);
        CesarTrainer.Result second = train(false);

        assertThat(first.epochs()).allSatisfy(e -> assertThat(e.note()).doesNotContain("skipped"));
        assertThat(first.head().wq()).isDeepEqualTo(second.head().wq());
        assertThat(first.head().wk()).isDeepEqualTo(second.head().wk());
        assertThat(first.head().projection()).isDeepEqualTo(second.head().projection());
        assertThat(first.head().context()).isEqualTo(second.head().context());
        assertThat(java.util.Arrays.deepEquals(first.head().wq(), train(true).head().wq())).isFalse();
    }

    private CesarTrainer.Result train(boolean poisoned) throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        Map<String, float[]> vectors = new HashMap<>();
        List<String> words = new ArrayList<>(List.of("[CLS]", "[SEP]"));
        IntStream.range(0, 12).forEach(i -> words.add("w" + i));
        for (String w : words) {
            float[] v = new float[D];
            for (int k = 0; k < D; k++) {
                v[k] = (float) (random.nextDouble() * 2 - 1);
            }
            vectors.put(w, v);
        }
        float[] nan = new float[D];
        java.util.Arrays.fill(nan, Float.NaN);
        vectors.put("poison", nan);
        TrainingExample.Kind[] kinds = TrainingExample.Kind.values();
        List<TrainingExample> examples = new ArrayList<>();
        for (int i = 0; i < 48; i++) {
            String cause = "w" + random.nextInt(12) + " w" + random.nextInt(12);
            if (poisoned && i == 17) {
                cause = "w1 poison";
            }
            examples.add(TrainingExample.of(cause, "w" + random.nextInt(12), kinds[i % kinds.length]));
        }
        Path cache = dir.resolve(poisoned ? "poisoned" : "clean");
        try (FakeTokenEncoder encoder = new FakeTokenEncoder(vectors);
             EmbeddingStore store = EmbeddingStore.open(examples, encoder, "fake/" + D, cache)) {
            CesarTrainer.Options options = new CesarTrainer.Options(2, 8, 1e-2f, 0.01f, 0.02f, true, 5, 0.35f,
                    0.5f, 2, 16);
            return CesarTrainer.train(store, examples, IntStream.range(0, examples.size()).toArray(), options,
                    "fake", null);
        }
    }

    private static void assertFinite(CesarHead head) {
        List<float[][]> matrices = new ArrayList<>(List.of(head.wq(), head.wk(), head.projection()));
        ContextLayer c = head.context();
        matrices.addAll(List.of(c.wq(), c.wk(), c.wv(), c.wo(), c.w1(), c.w2()));
        for (float[][] m : matrices) {
            for (float[] row : m) {
                for (float v : row) {
                    assertThat(Float.isFinite(v)).isTrue();
                }
            }
        }
    }
}
