package io.causalstream.encoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The bundled all-MiniLM-L6-v2 through DJL + ONNX Runtime. */
class DjlTokenEncoderTest {

    private static DjlTokenEncoder encoder;

    @BeforeAll
    static void load() {
        encoder = DjlTokenEncoder.open(EncoderSettings.bundledMiniLm());
    }

    @AfterAll
    static void close() {
        encoder.close();
    }

    @Test
    void pairLayoutKeepsSpecialTokensAndTypes() {
        TokenEmbeddings t = encoder.encodePairs(List.of(new TextPair("Fire starts.", "House burns."))).getFirst();

        assertThat(t.tokens()).containsExactly("[CLS]", "fire", "starts", ".", "[SEP]", "house", "burns", ".",
                "[SEP]");
        assertThat(t.typeIds()).containsExactly(0, 0, 0, 0, 0, 1, 1, 1, 1);
        assertThat(t.special()).containsExactly(true, false, false, false, true, false, false, false, true);
        assertThat(t.dimension()).isEqualTo(384);
        assertThat(encoder.dimension()).isEqualTo(384);
        assertThat(t.segment(0)).hasNumberOfRows(5);
        assertThat(t.segment(1)).hasNumberOfRows(4);
    }

    @Test
    void aLiteralSepInTheFirstTextIsTheSpecialToken() {
        TokenEmbeddings t = encoder.encodePairs(List.of(new TextPair("Fire starts. [SEP] It is windy.",
                "House burns."))).getFirst();

        int inner = List.of(t.tokens()).indexOf("[SEP]");
        assertThat(inner).isEqualTo(4);
        assertThat(t.special()[inner]).isTrue();
        assertThat(t.typeIds()[inner]).isZero();
        assertThat(t.segment(0)).hasNumberOfRows(10); // [CLS] fire starts . [SEP] it is windy . [SEP]
    }

    @Test
    void batchingAndPaddingDoNotChangeTheEmbeddings() {
        List<String> texts = List.of("Heavy rain.", "The central bank raises interest rates to curb inflation.",
                "Drought");
        List<TokenEmbeddings> batch = encoder.encode(texts);

        for (int i = 0; i < texts.size(); i++) {
            TokenEmbeddings alone = encoder.encode(List.of(texts.get(i))).getFirst();
            assertThat(batch.get(i).tokens()).containsExactly(alone.tokens());
            for (int t = 0; t < alone.length(); t++) {
                for (int k = 0; k < 384; k += 37) {
                    assertThat(batch.get(i).vectors()[t][k]).isCloseTo(alone.vectors()[t][k], within(1e-4f));
                }
            }
        }
    }

    @Test
    void longInputIsTruncatedToMaxTokens() {
        try (DjlTokenEncoder shortEncoder = DjlTokenEncoder.open(new EncoderSettings(null, null, null, 8, 4, 1,
                null))) {
            TokenEmbeddings t = shortEncoder.encode(List.of("one two three four five six seven eight nine ten"))
                    .getFirst();

            assertThat(t.length()).isEqualTo(8);
            assertThat(t.tokens()[7]).isEqualTo("[SEP]");
        }
    }

    @Test
    void settingsNameTheModelAndAMissingModelIsAnError() {
        // reading the encoder.* keys is the services' part: ScoringSettingsTest
        EncoderSettings s = new EncoderSettings(Path.of("/models/bert.onnx"), null, null, 256, 8, 0, null);
        assertThat(s.name()).isEqualTo("bert");
        assertThat(EncoderSettings.bundledMiniLm().name()).isEqualTo("all-minilm-l6-v2");
        assertThatThrownBy(() -> DjlTokenEncoder.open(new EncoderSettings(Path.of("/nonexistent/model.onnx"), null,
                null, 256, 32, 0, null))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not found");
    }

    @Test
    void theQuantizedMiniLmIsOfferedByName() {
        EncoderSettings settings = new EncoderSettings(null, null, "minilm-q", 256, 32, 0, null);
        assertThat(settings.name()).isEqualTo("all-minilm-l6-v2-q");
        try (DjlTokenEncoder quantized = DjlTokenEncoder.open(settings)) {
            List<String> texts = List.of("Heavy rain floods the streets.", "The stock market fell sharply.");
            List<TokenEmbeddings> q = quantized.encode(texts);
            List<TokenEmbeddings> full = encoder.encode(texts);

            assertThat(quantized.dimension()).isEqualTo(384);
            assertThat(q.getFirst().tokens()).containsExactly(full.getFirst().tokens());
            // int8 weights move the vectors a little, not the geometry
            assertThat(Vectors.cosine(q.get(0).meanPooled(), full.get(0).meanPooled())).isGreaterThan(0.9);
            assertThat(Vectors.cosine(q.get(1).meanPooled(), full.get(1).meanPooled())).isGreaterThan(0.9);
        }
    }

    @Test
    void severalPassesAtOnceGiveWhatOnePassGives() {
        List<String> texts = List.of("Heavy rain.", "The central bank raises interest rates to curb inflation.",
                "Drought", "Lower yields raise food prices.", "Tourism creates jobs in coastal towns.");
        EncoderSettings parallel = new EncoderSettings(null, null, null, 256, 32, 0, null, 2);
        assertThat(parallel.threadsPerPass()).isEqualTo(1);
        try (DjlTokenEncoder twoPasses = DjlTokenEncoder.open(parallel)) {
            List<TokenEmbeddings> together = twoPasses.encode(texts);
            List<TokenEmbeddings> alone = encoder.encode(texts);
            for (int i = 0; i < texts.size(); i++) {
                assertThat(together.get(i).tokens()).containsExactly(alone.get(i).tokens());
                for (int t = 0; t < alone.get(i).length(); t++) {
                    for (int k = 0; k < 384; k += 37) {
                        assertThat(together.get(i).vectors()[t][k]).isCloseTo(alone.get(i).vectors()[t][k],
                                within(1e-4f));
                    }
                }
            }
        }
    }

    @Test
    void theQuantizedMiniLmOneSequenceABatchIsReproducible() {
        // int8 activations are quantized per forward pass: with one sequence a batch, its neighbours cannot move it
        EncoderSettings settings = new EncoderSettings(null, null, "minilm-q", 256, 1, 0, null, 2);
        try (DjlTokenEncoder quantized = DjlTokenEncoder.open(settings)) {
            String text = "Heavy rain floods the streets.";
            TokenEmbeddings alone = quantized.encode(List.of(text)).getFirst();
            TokenEmbeddings among = quantized.encode(List.of("The stock market fell sharply after the announcement "
                    + "of higher tariffs on imported steel and aluminium.", text, "Yes")).get(1);
            for (int t = 0; t < alone.length(); t++) {
                assertThat(among.vectors()[t]).containsExactly(alone.vectors()[t]);
            }
        }
    }
}
