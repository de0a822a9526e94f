package io.causalstream.research.extraction.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.onnx.OnnxModel;
import io.causalstream.encoder.tune.EncoderDelta;
import io.causalstream.extractor.backend.model.ConceptSpan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tuning the extractor moves the encoder's weights (only the layers it may train) and is reproducible: two runs with
 * one seed write the same delta bytes. A few steps on four sentences through the real all-MiniLM-L6-v2.
 */
class EncoderTunerTest {

    private static OnnxModel base;
    private static List<TuningSentence> data;

    @BeforeAll
    static void load() throws IOException {
        System.setProperty("ai.djl.offline", "true");
        System.setProperty("ai.djl.pytorch.num_threads", "1");
        System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
        EncoderSettings settings = new EncoderSettings(null, null, "all-minilm-l6-v2", 256, 32, 1, null);
        EncoderSettings files = settings.materialised();
        base = OnnxModel.read(files.modelPath());
        data = new ArrayList<>();
        try (HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.builder().optTokenizerPath(files.tokenizerPath())
                .optAddSpecialTokens(true).optPadding(false).optTruncation(true).optMaxLength(64).build()) {
            data.add(pair(tokenizer, "Heavy rain floods low roads.", 0, 10, 18, 27, 1));
            data.add(pair(tokenizer, "Vaccination lowers infection rates.", 0, 11, 19, 34, 2));
            data.add(ExtractorTuneCli.tokenised(tokenizer, "The council met on Tuesday.", List.of(), null, 0));
            data.add(ExtractorTuneCli.tokenised(tokenizer, "Drought caused crop failures.", List.of(), null, 1));
        }
    }

    /** A sentence with one labelled pair: cause {@code [cs, ce)}, effect {@code [es, ee)}. */
    private static TuningSentence pair(HuggingFaceTokenizer tokenizer, String text, int cs, int ce, int es, int ee,
                                       int label) {
        ConceptSpan cause = new ConceptSpan(0, 1, cs, ce, text.substring(cs, ce));
        ConceptSpan effect = new ConceptSpan(3, 4, es, ee, text.substring(es, ee));
        int[][] labels = {{-1, label}, {0, -1}};
        return ExtractorTuneCli.tokenised(tokenizer, text, List.of(cause, effect), labels, 1);
    }

    private static EncoderTuner.Result<byte[]> run() {
        return run(new EncoderTuner.Options(2, 2, 1, 1e-3f, 5f, 4, 3f, 0.5f, 16, 5));
    }

    private static EncoderTuner.Result<byte[]> run(EncoderTuner.Options options) {
        return EncoderTuner.train(base, data, options, trained -> {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try {
                trained.delta().write(bytes);
                trained.heads().relationHead("test").write(bytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new EncoderTuner.Check<>(trained.epoch(), bytes.toByteArray(), "epoch " + trained.epoch());
        });
    }

    @Test
    void tuningMovesOnlyTheTrainedLayersAndIsReproducible() throws IOException {
        EncoderTuner.Result<byte[]> first = run();
        EncoderTuner.Result<byte[]> second = run();
        assertThat(first.bestEpoch()).isEqualTo(2);
        assertThat(first.best()).isEqualTo(second.best());
        assertThat(first.epochs()).extracting(EncoderTuner.EpochReport::weights)
                .isEqualTo(second.epochs().stream().map(EncoderTuner.EpochReport::weights).toList())
                .doesNotHaveDuplicates().allMatch(w -> w.matches("[0-9a-f]{12}"));
        assertThat(first.epochs()).extracting(EncoderTuner.EpochReport::note).containsExactly("epoch 1", "epoch 2");

        EncoderDelta delta = EncoderDelta.read(new java.io.ByteArrayInputStream(first.best()));
        assertThat(delta.names()).isNotEmpty().allMatch(n -> n.startsWith("encoder.layer.5."));
        assertThat(delta.names()).contains("encoder.layer.5.attention.self.query.weight",
                "encoder.layer.5.output.dense.weight");
        assertThat(delta.parameterCount()).isGreaterThan(1_000_000L);
    }

    @Test
    void aRunThatDivergesStopsWithAClearErrorInsteadOfWritingNaNWeights() {
        // a rate no training survives: the losses leave the floats within a few steps, every later step is skipped,
        // and 25 epochs of 2 steps leave room for the 20 skips in a row that end the run
        EncoderTuner.Options wild = new EncoderTuner.Options(25, 2, 1, 1e6f, 1e6f, 4, 3f, 0.5f, 16, 5);
        assertThatThrownBy(() -> run(wild)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("training diverged at epoch").hasMessageContaining("lower --lr");
    }
}
