package io.causalstream.encoder.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.onnx.FloatTensor;
import io.causalstream.encoder.onnx.OnnxModel;
import io.causalstream.encoder.onnx.TestModels;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MiniLM's top two layers trained for a few Adam steps on PyTorch (mean-pooled states pulled towards a random
 * target): exactly those layers move, and the tuned weights, written back into the ONNX graph directly or as a delta
 * through {@link TunedEncoders}, give the tuned block's token states in ONNX Runtime.
 */
class EncoderTuningTest {

    private static final Logger LOG = LoggerFactory.getLogger(EncoderTuningTest.class);
    private static final int STEPS = 3;
    private static final List<String> SENTENCES = BertEncoderBlockTest.SENTENCES;

    private static OnnxModel miniLm;
    private static Map<String, FloatTensor> base;
    private static Map<String, float[]> tuned;
    private static List<String> trainable;
    private static final List<Float> losses = new ArrayList<>();
    private static TokenBatch batch;
    /** The tuned block's token states for {@link #SENTENCES}. */
    private static float[][][] tunedStates;

    @BeforeAll
    static void train() {
        Engines.pytorchOffline();
        miniLm = TestModels.miniLm();
        base = miniLm.floatWeights();
        batch = TokenBatch.of(SENTENCES);
        BertEncoderBlock block = BertEncoderBlock.from(miniLm).trainableLayers(2);
        trainable = block.trainableNames();
        DefaultTrainingConfig config = new DefaultTrainingConfig(Loss.l2Loss())
                .optOptimizer(Optimizer.adam().optLearningRateTracker(Tracker.fixed(1e-3f)).build())
                .optDevices(new Device[] {Device.cpu()});
        try (Model model = Model.newInstance("minilm-tuning", Device.cpu(), "PyTorch");
             NDManager scratch = NDManager.newBaseManager(Device.cpu(), "PyTorch")) {
            model.setBlock(block);
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.initialize(batch.shape(), batch.shape(), batch.shape());
                Random random = new Random(7);
                float[] goal = new float[batch.size() * 384];
                for (int i = 0; i < goal.length; i++) {
                    goal[i] = (float) random.nextGaussian() * 0.3f;
                }
                NDArray target = trainer.getManager().create(goal).reshape(batch.size(), 384);
                for (int step = 0; step < STEPS; step++) {
                    try (NDManager manager = trainer.getManager().newSubManager();
                         GradientCollector collector = trainer.newGradientCollector()) {
                        NDList inputs = batch.toNDList(manager);
                        NDArray states = trainer.forward(inputs).singletonOrThrow();
                        NDArray mask = inputs.get(1).toType(DataType.FLOAT32, false).expandDims(2);
                        NDArray pooled = states.mul(mask).sum(new int[] {1}).div(mask.sum(new int[] {1}));
                        NDArray loss = trainer.getLoss().evaluate(new NDList(target), new NDList(pooled));
                        losses.add(loss.getFloat());
                        collector.backward(loss);
                    }
                    trainer.step();
                }
            }
            tuned = block.weights();
            tunedStates = Engines.forward(block, scratch, batch);
        }
        LOG.info("loss over {} Adam steps: {}", STEPS, losses);
    }

    @Test
    void trainingMovesEveryParameterOfTheTopTwoLayersAndNoOther() {
        assertThat(trainable).hasSize(32)
                .allMatch(n -> n.startsWith("encoder.layer.4.") || n.startsWith("encoder.layer.5."));
        assertThat(tuned.keySet()).containsExactlyElementsOf(base.keySet());
        base.forEach((name, before) -> {
            if (trainable.contains(name)) {
                assertThat(tuned.get(name)).as("trained %s", name).isNotEqualTo(before.values());
            } else {
                assertThat(tuned.get(name)).as("frozen %s", name).isEqualTo(before.values());
            }
        });
        assertThat(losses.getLast()).isLessThan(losses.getFirst());
    }

    @Test
    void tunedWeightsWrittenIntoTheOnnxGraphGiveTheBlocksStatesInOnnxRuntime(@TempDir Path dir) throws IOException {
        miniLm.withWeights(tuned).write(dir.resolve("model.onnx"));
        copyTokenizer(dir.resolve("tokenizer.json"));
        EncoderSettings settings = new EncoderSettings(dir.resolve("model.onnx"), null, "tuned", 256, 32, 0, dir);

        double max = maxDifferenceToTunedBlock(settings);
        double moved = maxDifferenceToTunedBlock(EncoderSettings.bundledMiniLm());
        LOG.info("tuned block vs the tuned ONNX graph in ONNX Runtime: max |difference| {}; vs the base graph {}",
                max, moved);
        assertThat(max).isLessThan(1e-4);
        // what the comparison can tell apart: training moved the states far more than that
        assertThat(moved).isGreaterThan(1e-2);
    }

    @Test
    void theDeltaOfTrainingLoadsThroughTunedEncoders(@TempDir Path cache) throws IOException {
        EncoderDelta delta = EncoderDelta.between(base, tuned);
        assertThat(delta.names()).containsExactlyInAnyOrderElementsOf(trainable);
        // two layers of 4 x 384 x 384 + 2 x 384 x 1536 weights, 4 x 384 + 1536 + 384 biases, 4 x 384 LayerNorm
        assertThat(delta.parameterCount()).isEqualTo(2 * (4 * 384 * 384 + 2 * 384 * 1536 + 4 * 384 + 1536 + 384
                + 4 * 384));
        EncoderSettings baseSettings = new EncoderSettings(null, null, null, 256, 32, 0, cache).withPasses(2);

        EncoderSettings settings = TunedEncoders.materialise(baseSettings, delta, "test-1");

        assertThat(settings.name()).isEqualTo("all-minilm-l6-v2+test-1");
        assertThat(settings.modelPath()).isEqualTo(cache.resolve("all-minilm-l6-v2+test-1").resolve("model.onnx"));
        assertThat(settings.tokenizerPath()).isEqualTo(settings.modelPath().resolveSibling("tokenizer.json"));
        assertThat(List.of(settings.maxTokens(), settings.batchSize(), settings.threads(), settings.passes()))
                .containsExactly(256, 32, 0, 2);
        double max = maxDifferenceToTunedBlock(settings);
        LOG.info("tuned block vs base + fp16 delta in ONNX Runtime: max |difference| {}", max);
        assertThat(max).isLessThan(1e-4);

        // the same id again: the file in the cache is reused, not rewritten
        FileTime written = Files.getLastModifiedTime(settings.modelPath());
        Files.setLastModifiedTime(settings.modelPath(), FileTime.fromMillis(written.toMillis() - 60_000));
        FileTime marked = Files.getLastModifiedTime(settings.modelPath());
        assertThat(TunedEncoders.materialise(baseSettings, delta, "test-1")).isEqualTo(settings);
        assertThat(Files.getLastModifiedTime(settings.modelPath())).isEqualTo(marked);
        Set<String> left = new HashSet<>();
        try (var files = Files.list(settings.modelPath().getParent())) {
            files.forEach(f -> left.add(f.getFileName().toString()));
        }
        assertThat(left).containsExactlyInAnyOrder("model.onnx", "tokenizer.json");
    }

    @Test
    void tunedEncodersRefuseAQuantizedBaseAndAnIdThatIsNoFileName(@TempDir Path cache) {
        EncoderDelta delta = EncoderDelta.between(base, Map.of());
        EncoderSettings minilmQ = new EncoderSettings(null, null, "minilm-q", 256, 32, 0, cache);
        assertThatThrownBy(() -> TunedEncoders.materialise(minilmQ, delta, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("int8");
        EncoderSettings fp32 = new EncoderSettings(null, null, null, 256, 32, 0, cache);
        for (String id : Arrays.asList("../up", "", null, "a/b", ".hidden")) {
            assertThatThrownBy(() -> TunedEncoders.materialise(fp32, delta, id))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delta id");
        }
    }

    private static double maxDifferenceToTunedBlock(EncoderSettings settings) {
        List<TokenEmbeddings> states;
        try (DjlTokenEncoder onnx = DjlTokenEncoder.open(settings)) {
            states = onnx.encode(SENTENCES);
        }
        double max = 0;
        for (int s = 0; s < SENTENCES.size(); s++) {
            assertThat(states.get(s).length()).isEqualTo(batch.lengths()[s]);
            max = Math.max(max, Engines.maxDifference(states.get(s).vectors(), tunedStates[s], batch.lengths()[s]));
        }
        return max;
    }

    private static void copyTokenizer(Path to) throws IOException {
        try (InputStream in = EncoderTuningTest.class.getClassLoader()
                .getResourceAsStream(TestModels.MINILM_TOKENIZER_RESOURCE)) {
            Files.copy(in, to);
        }
    }
}
