package io.causalstream.scorer.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.cesar.CesarSettings;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.runtime.Config;
import io.causalstream.validation.ValidationSettings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The libraries' settings as the scorer reads them (moved here with the reading from the libraries). */
class ScoringSettingsTest {

    @Test
    void encoderSettingsComeFromConfig() {
        EncoderSettings s = ScoringSettings.encoder(Config.of(Map.of("encoder.model.path", "/models/bert.onnx",
                "encoder.batch.size", "8")));

        assertThat(s.name()).isEqualTo("bert");
        assertThat(s.batchSize()).isEqualTo(8);
        assertThat(s.maxTokens()).isEqualTo(256);
        assertThat(ScoringSettings.encoder(Config.of(Map.of()))).isEqualTo(EncoderSettings.bundledMiniLm());
        assertThat(ScoringSettings.encoder(Config.of(Map.of("encoder.passes", "2"))).passes()).isEqualTo(2);
    }

    @Test
    void theQuantizedMiniLmRunsOneSequenceABatchUnlessToldOtherwise() {
        assertThat(ScoringSettings.encoder(Config.of(Map.of("encoder.name", "minilm-q"))).batchSize()).isEqualTo(1);
        assertThat(ScoringSettings.encoder(Config.of(Map.of("encoder.name", "minilm-q"))).passes())
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(ScoringSettings.encoder(Config.of(Map.of("encoder.name", "minilm-q", "encoder.batch.size", "16")))
                .batchSize()).isEqualTo(16);
        assertThat(ScoringSettings.encoder(Config.of(Map.of())).batchSize())
                .isEqualTo(EncoderSettings.DEFAULT_BATCH_SIZE);
    }

    @Test
    void theVerifierIsGreedyByDefaultAndReadOnlyWhenValidating() {
        Map<String, String> keys = Map.of("validation.verifier.base.url", "http://llm:8000/v1",
                "validation.verifier.model", "m");
        assertThat(ScoringSettings.from(Config.of(keys)).verifier().orElseThrow().temperature()).isZero();
        assertThat(ScoringSettings.from(Config.of(Map.of())).verifier()).isEmpty();
        Map<String, String> halfSet = Map.of("validation.verifier.base.url", "http://llm:8000/v1");
        assertThatThrownBy(() -> ScoringSettings.from(Config.of(halfSet)))
                .hasMessage("validation.verifier.model is required when validation.verifier.base.url is set");
        Map<String, String> notValidating = new HashMap<>(halfSet);
        notValidating.put(ScoringPlan.VALIDATION_ENABLED, "false");
        assertThat(ScoringSettings.from(Config.of(notValidating)).verifier()).isEmpty();
    }

    @Test
    void validationSettingsComeFromConfig() {
        ValidationSettings s = ScoringSettings.validation(Config.of(Map.of("validation.strength.threshold", "0.6",
                "validation.normalisation.split", "false")));

        assertThat(s.strengthThreshold()).isEqualTo(0.6);
        assertThat(s.splitConjunctions()).isFalse();
        assertThat(ScoringSettings.validation(Config.of(Map.of()))).isEqualTo(ValidationSettings.defaults());
        assertThatThrownBy(() -> ScoringSettings.validation(Config.of(Map.of("validation.evidence.window", "x"))))
                .hasMessageContaining("VALIDATION_EVIDENCE_WINDOW");
    }

    @Test
    void theReadersSettingsComeFromConfig() {
        ValidationSettings s = ScoringSettings.validation(Config.of(Map.of("validation.strength", "true",
                "validation.reader.threshold", "0.9", "validation.reader.edge.threshold", "0.4",
                "validation.reader.claim", "true", "validation.reader.lexicon", "veto",
                "validation.reader.model", "/models/extractor-v4.bin", "validation.reader.int8", "false")));

        assertThat(s.strength()).isTrue();
        assertThat(s.readerThreshold()).isEqualTo(0.9);
        assertThat(s.readerEdgeThreshold()).isEqualTo(0.4);
        assertThat(s.readerClaim()).isTrue();
        assertThat(s.readerLexicon()).isEqualTo(ValidationSettings.Lexicon.VETO);
        assertThat(s.readerModel()).isEqualTo(java.nio.file.Path.of("/models/extractor-v4.bin"));
        assertThat(s.readerInt8()).isFalse();
        assertThat(ScoringSettings.validation(Config.of(Map.of("validation.reader", "false"))).readsWithModel())
                .isFalse();
        assertThatThrownBy(() -> ScoringSettings.validation(Config.of(Map.of("validation.reader.lexicon",
                "sometimes")))).hasMessageContaining("veto, require or off");
    }

    @Test
    void cesarRunsOnTheEncoderItsHeadWasTrainedOn() {
        CesarSettings byDefault = ScoringSettings.from(Config.of(Map.of())).cesar();
        assertThat(byDefault.encoder().name()).isEqualTo("bge-small-en-v15-q");
        assertThat(byDefault.encoder().batchSize()).isEqualTo(1);
        assertThat(byDefault.loadHead().encoder()).startsWith("bge-small");

        ScoringSettings minilm = ScoringSettings.from(Config.of(Map.of("cesar.encoder.name", "minilm")));
        assertThat(minilm.cesar().encoder()).isEqualTo(minilm.encoder());
        assertThat(minilm.cesar().loadHead().encoder()).isEqualTo("all-minilm-l6-v2");

        ScoringSettings own = ScoringSettings.from(Config.of(Map.of("cesar.head.path", "/heads/h.bin")));
        assertThat(own.cesar().encoder()).isEqualTo(own.encoder());
    }

    @Test
    void switchesAndCesarHead() {
        ScoringSettings defaults = ScoringSettings.from(Config.of(Map.of()));
        assertThat(defaults.alignmentEnabled()).isTrue();
        assertThat(defaults.validationEnabled()).isTrue();
        assertThat(defaults.cesar().headPath()).isNull();

        ScoringSettings s = ScoringSettings.from(Config.of(Map.of("scorer.alignment.enabled", "false",
                "scorer.validation.enabled", "false", "cesar.head.path", "/heads/h.bin")));
        assertThat(s.alignmentEnabled()).isFalse();
        assertThat(s.validationEnabled()).isFalse();
        assertThat(s.cesar().headPath()).isEqualTo(Path.of("/heads/h.bin"));
    }
}
