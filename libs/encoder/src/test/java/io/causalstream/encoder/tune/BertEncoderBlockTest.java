package io.causalstream.encoder.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.nn.Activation;
import ai.djl.nn.Parameter;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.Trainer;
import ai.djl.training.initializer.Initializer;
import ai.djl.training.loss.Loss;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.onnx.FloatTensor;
import io.causalstream.encoder.onnx.OnnxModel;
import io.causalstream.encoder.onnx.TestModels;
import io.causalstream.encoder.onnx.proto.Onnx;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The block on PyTorch computes what the bundled fp32 MiniLM computes in ONNX Runtime, from the same weights. */
class BertEncoderBlockTest {

    private static final Logger LOG = LoggerFactory.getLogger(BertEncoderBlockTest.class);

    /** Five lengths, so four of them are padded in the batch. */
    static final List<String> SENTENCES = List.of(
            "Rain falls.",
            "Heavy rainfall over several days raised the river above its banks.",
            "The flood closed roads.",
            "Because the dam was opened, farms downstream were flooded and the harvest was lost for the year.",
            "Prices rose as supply fell.");

    private static OnnxModel miniLm;
    private static Map<String, FloatTensor> base;
    private static NDManager manager;

    @BeforeAll
    static void load() {
        Engines.pytorchOffline();
        miniLm = TestModels.miniLm();
        base = miniLm.floatWeights();
        manager = NDManager.newBaseManager(Device.cpu(), "PyTorch");
    }

    @AfterAll
    static void close() {
        manager.close();
    }

    @Test
    void tokenStatesEqualOnnxRuntimesAtEveryUnpaddedPosition() {
        TokenBatch batch = TokenBatch.of(SENTENCES);
        BertEncoderBlock block = BertEncoderBlock.from(miniLm);
        float[][][] states = Engines.forward(block, manager, batch);

        List<TokenEmbeddings> reference;
        try (DjlTokenEncoder onnx = DjlTokenEncoder.open(EncoderSettings.bundledMiniLm())) {
            reference = onnx.encode(SENTENCES);
        }
        double max = 0;
        for (int s = 0; s < SENTENCES.size(); s++) {
            TokenEmbeddings expected = reference.get(s);
            assertThat(expected.length()).as("tokens of sentence %d", s).isEqualTo(batch.lengths()[s]);
            max = Math.max(max, Engines.maxDifference(expected.vectors(), states[s], batch.lengths()[s]));
        }
        LOG.info("block vs ONNX Runtime over {} sentences of {} tokens at most: max |difference| {}",
                SENTENCES.size(), batch.width(), max);
        assertThat(max).isLessThan(1e-4);
    }

    @Test
    void geluIsTheExactErfForm() {
        // 0.5 x (1 + erf(x / sqrt 2)), to 10 digits; the tanh approximation gives 0.8411919906 at 1 (1.5e-4 off)
        try (NDManager m = manager.newSubManager()) {
            float[] y = Activation.gelu(m.create(new float[] {-2f, -0.5f, 1f, 3f})).toFloatArray();
            assertThat((double) y[0]).isCloseTo(-0.0455002639, within(1e-6));
            assertThat((double) y[1]).isCloseTo(-0.1542687694, within(1e-6));
            assertThat((double) y[2]).isCloseTo(0.8413447461, within(1e-6));
            assertThat((double) y[3]).isCloseTo(2.9959502039, within(1e-6));
        }
    }

    @Test
    void initializingThroughATrainerKeepsTheOnnxWeights() {
        BertEncoderBlock block = BertEncoderBlock.from(miniLm);
        TokenBatch batch = TokenBatch.of(SENTENCES.subList(0, 2));
        // a config whose initializers would zero every weight and bias of a block that used them
        DefaultTrainingConfig config = new DefaultTrainingConfig(Loss.l2Loss())
                .optInitializer(Initializer.ZEROS, Parameter.Type.WEIGHT)
                .optInitializer(Initializer.ZEROS, Parameter.Type.BIAS)
                .optInitializer(Initializer.ZEROS, Parameter.Type.GAMMA);
        try (Model model = Model.newInstance("minilm", Device.cpu(), "PyTorch")) {
            model.setBlock(block);
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.initialize(batch.shape(), batch.shape(), batch.shape());
                assertEqualsBase(block.weights());
                // a second initialize (a new trainer on the same block) keeps the arrays it finds
                block.initialize(model.getNDManager(), DataType.FLOAT32, batch.shape(), batch.shape(), batch.shape());
                assertEqualsBase(block.weights());
                assertThat(block.getParameters().get("encoder.layer.2.output.dense.weight").getArray().getShape()
                        .getShape()).containsExactly(1536, 384);
            }
        }
    }

    @Test
    void trainableLayersFreezesTheRestAndTheEmbeddingTablesAlways() {
        BertEncoderBlock block = BertEncoderBlock.from(miniLm);
        assertThat(block.config()).isEqualTo(new BertConfig(6, 384, 12, 1536, 1e-12f));
        // by default every layer and the embeddings' LayerNorm: 101 less the three tables
        assertThat(block.trainableNames()).hasSize(98).contains("embeddings.LayerNorm.weight")
                .doesNotContain(BertEncoderBlock.WORD_EMBEDDINGS, BertEncoderBlock.POSITION_EMBEDDINGS,
                        BertEncoderBlock.TOKEN_TYPE_EMBEDDINGS);
        assertThat(block.trainableLayers(2).trainableNames()).hasSize(32)
                .allMatch(n -> n.startsWith("encoder.layer.4.") || n.startsWith("encoder.layer.5."));
        assertThat(block.getParameters().get("encoder.layer.3.output.dense.bias").requiresGradient()).isFalse();
        assertThat(block.trainableLayers(0).trainableNames()).isEmpty();
        assertThat(block.trainableLayers(6).trainableNames()).hasSize(98);
        assertThatThrownBy(() -> block.trainableLayers(7)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0..6");
        assertThat(block.weights().keySet()).containsExactlyElementsOf(base.keySet());
    }

    @Test
    void aModelWithoutABertWeightIsNamed() {
        Onnx.GraphProto graph = miniLm.proto().getGraph();
        int at = 0;
        while (!graph.getInitializer(at).getName().equals("embeddings.LayerNorm.bias")) {
            at++;
        }
        OnnxModel lacking = OnnxModel.read(miniLm.proto().toBuilder().setGraph(graph.toBuilder().removeInitializer(at))
                .build().toByteArray());
        assertThatThrownBy(() -> BertEncoderBlock.from(lacking)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("embeddings.LayerNorm.bias");
        assertThatThrownBy(() -> new BertConfig(6, 384, 7, 1536, 1e-12f))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("heads 7");
    }

    private static void assertEqualsBase(Map<String, float[]> weights) {
        assertThat(weights.keySet()).containsExactlyElementsOf(base.keySet());
        weights.forEach((name, values) -> assertThat(values).as(name).isEqualTo(base.get(name).values()));
    }
}
