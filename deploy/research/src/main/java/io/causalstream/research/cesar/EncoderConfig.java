package io.causalstream.research.cesar;

import io.causalstream.encoder.EncoderSettings;
import io.causalstream.runtime.Config;
import java.nio.file.Path;

/**
 * The research CLIs' reading of the {@code encoder.*} keys (the encoder library reads no configuration; the
 * scorer service has the same reader in its {@code ScoringSettings}).
 */
public final class EncoderConfig {

    public static EncoderSettings from(Config config) {
        return new EncoderSettings(
                config.find(EncoderSettings.MODEL_PATH).map(Path::of).orElse(null),
                config.find(EncoderSettings.TOKENIZER_PATH).map(Path::of).orElse(null),
                config.find(EncoderSettings.NAME).orElse(null),
                config.getInt(EncoderSettings.MAX_TOKENS, EncoderSettings.DEFAULT_MAX_TOKENS),
                config.getInt(EncoderSettings.BATCH_SIZE, EncoderSettings.DEFAULT_BATCH_SIZE),
                config.getInt(EncoderSettings.THREADS, 0),
                config.find(EncoderSettings.CACHE_DIR).map(Path::of).orElse(null),
                config.getInt(EncoderSettings.PASSES, 1));
    }

    private EncoderConfig() {
    }
}
