package io.causalstream.research.cesar;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.cesar.CesarSettings;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.runtime.Config;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EncoderConfigTest {

    @Test
    void cesarEvaluationRunsTheScorersEncoderOneSequenceABatchByDefault() {
        EncoderSettings settings = EncoderConfig.forCesar(Config.of(Map.of()));

        assertThat(settings.name()).isEqualTo(named(CesarSettings.DEFAULT_ENCODER));
        assertThat(settings.batchSize()).isEqualTo(1);
    }

    @Test
    void theScorersOwnKeyAndAnExplicitEncoderNameBothChooseTheEncoder() {
        assertThat(EncoderConfig.forCesar(Config.of(Map.of(CesarSettings.ENCODER_NAME, "minilm"))).name())
                .isEqualTo(named("minilm"));
        assertThat(EncoderConfig.forCesar(Config.of(Map.of(EncoderSettings.NAME, "minilm-q",
                CesarSettings.ENCODER_NAME, "bge-small-q"))).name()).isEqualTo(named("minilm-q"));
    }

    @Test
    void anExplicitBatchSizeIsKept() {
        assertThat(EncoderConfig.forCesar(Config.of(Map.of(EncoderSettings.BATCH_SIZE, "8"))).batchSize())
                .isEqualTo(8);
    }

    @Test
    void theOtherResearchCommandsKeepTheEncoderLibrarysDefault() {
        assertThat(EncoderConfig.from(Config.of(Map.of())).name()).isNotEqualTo(named(CesarSettings.DEFAULT_ENCODER));
    }

    /** The canonical name the encoder library gives a bundled encoder asked for by {@code name}. */
    private static String named(String name) {
        return EncoderConfig.from(Config.of(Map.of(EncoderSettings.NAME, name))).name();
    }
}
