package io.causalstream.research.cesar;

import io.causalstream.cesar.CesarSettings;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.runtime.Config;
import java.nio.file.Path;

/**
 * The research CLIs' reading of the {@code encoder.*} keys (the encoder library reads no configuration; the
 * scorer service has the same reader in its {@code ScoringSettings}).
 */
public final class EncoderConfig {

    public static EncoderSettings from(Config config) {
        return read(config, config.find(EncoderSettings.NAME).orElse(null));
    }

    /**
     * The encoder CESAR runs on, as the scorer chooses it: {@code encoder.name} when set, else
     * {@code cesar.encoder.name} (the scorer's default, {@value CesarSettings#DEFAULT_ENCODER}); an encoder whose
     * activations are quantized per forward pass reads one sequence a batch unless {@code encoder.batch.size} says
     * otherwise, as in the scorer, so that the figures are the ones the scorer's edges get.
     */
    public static EncoderSettings forCesar(Config config) {
        EncoderSettings settings = read(config, config.find(EncoderSettings.NAME)
                .orElse(config.get(CesarSettings.ENCODER_NAME, CesarSettings.DEFAULT_ENCODER)));
        return settings.quantizedPerPass() && config.find(EncoderSettings.BATCH_SIZE).isEmpty()
                ? settings.withBatchSize(1) : settings;
    }

    private static EncoderSettings read(Config config, String name) {
        return new EncoderSettings(
                config.find(EncoderSettings.MODEL_PATH).map(Path::of).orElse(null),
                config.find(EncoderSettings.TOKENIZER_PATH).map(Path::of).orElse(null),
                name,
                config.getInt(EncoderSettings.MAX_TOKENS, EncoderSettings.DEFAULT_MAX_TOKENS),
                config.getInt(EncoderSettings.BATCH_SIZE, EncoderSettings.DEFAULT_BATCH_SIZE),
                config.getInt(EncoderSettings.THREADS, 0),
                config.find(EncoderSettings.CACHE_DIR).map(Path::of).orElse(null),
                config.getInt(EncoderSettings.PASSES, 1));
    }

    private EncoderConfig() {
    }
}
