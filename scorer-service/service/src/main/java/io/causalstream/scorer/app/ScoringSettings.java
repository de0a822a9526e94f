package io.causalstream.scorer.app;

import io.causalstream.cesar.CesarSettings;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.openai.OpenAiClientSettings;
import io.causalstream.runtime.Config;
import io.causalstream.validation.ValidationSettings;
import io.causalstream.validation.verify.OpenAiYesNoModel;
import io.causalstream.validation.verify.VerifierConfig;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the scorer scores beside the soft F1 measures, and the typed settings of the libraries doing it, read from
 * {@link Config} here so the libraries (encoder, CESAR, validation) never read configuration themselves. Key
 * names and defaults are those documented on {@link ScoringPlan}, {@link EncoderSettings},
 * {@link CesarSettings}, {@link ValidationSettings} and {@link OpenAiYesNoModel} (the verifier's, read by
 * {@link VerifierConfig}).
 */
public record ScoringSettings(boolean alignmentEnabled,
                       boolean validationEnabled,
                       EncoderSettings encoder,
                       CesarSettings cesar,
                       ValidationSettings validation,
                       Optional<OpenAiClientSettings> verifier) {

    public static ScoringSettings from(Config config) {
        EncoderSettings encoder = encoder(config);
        boolean validationEnabled = config.getBoolean(ScoringPlan.VALIDATION_ENABLED, true);
        return new ScoringSettings(
                config.getBoolean(ScoringPlan.ALIGNMENT_ENABLED, true),
                validationEnabled,
                encoder,
                cesar(config, encoder),
                validation(config),
                // read only when it will be used, as before: a half-set verifier fails only a scorer that validates
                validationEnabled ? verifier(config) : Optional.empty());
    }

    /** The {@code encoder.*} keys. */
    static EncoderSettings encoder(Config config) {
        EncoderSettings settings = new EncoderSettings(
                config.find(EncoderSettings.MODEL_PATH).map(Path::of).orElse(null),
                config.find(EncoderSettings.TOKENIZER_PATH).map(Path::of).orElse(null),
                config.find(EncoderSettings.NAME).orElse(null),
                config.getInt(EncoderSettings.MAX_TOKENS, EncoderSettings.DEFAULT_MAX_TOKENS),
                config.getInt(EncoderSettings.BATCH_SIZE, EncoderSettings.DEFAULT_BATCH_SIZE),
                config.getInt(EncoderSettings.THREADS, 0),
                config.find(EncoderSettings.CACHE_DIR).map(Path::of).orElse(null),
                config.getInt(EncoderSettings.PASSES, 1));
        return reproducible(settings, config.find(EncoderSettings.BATCH_SIZE).isPresent(),
                config.find(EncoderSettings.PASSES).isPresent());
    }

    /**
     * An int8 model reproduces a strength only one sequence a batch (its activations are scaled per batch), so it
     * gets batches of one unless a batch size was set; batches of one run best as one single-threaded pass per core
     * (PerfBench --validation-only) unless the passes were set.
     */
    private static EncoderSettings reproducible(EncoderSettings settings, boolean batchSizeSet, boolean passesSet) {
        if (settings.quantizedPerPass() && !batchSizeSet) {
            settings = settings.withBatchSize(1);
        }
        return settings.batchSize() == 1 && !passesSet
                ? settings.withPasses(Runtime.getRuntime().availableProcessors()) : settings;
    }

    /**
     * The CESAR head and its encoder: a configured head runs on the {@code encoder.*} encoder; else the bundled head
     * of {@code cesar.encoder.name} (default bge-small-q) on that bundled encoder, which is the {@code encoder.*}
     * encoder itself when the names agree (one encoder loaded), else an encoder of its own with the same limits
     * (one sequence a batch and one pass per core when it is quantized per pass).
     */
    static CesarSettings cesar(Config config, EncoderSettings encoder) {
        Optional<Path> head = config.find(CesarSettings.HEAD_PATH).map(Path::of);
        if (head.isPresent()) {
            return new CesarSettings(head.get(), encoder);
        }
        EncoderSettings own = new EncoderSettings(null, null,
                config.get(CesarSettings.ENCODER_NAME, CesarSettings.DEFAULT_ENCODER), encoder.maxTokens(),
                EncoderSettings.DEFAULT_BATCH_SIZE, encoder.threads(), encoder.cacheDir());
        if (encoder.bundled() && own.name().equals(encoder.name())) {
            return new CesarSettings(null, encoder);
        }
        return new CesarSettings(null, reproducible(own, false, false));
    }

    /** The LLM verifier's client ({@code validation.verifier.*}, greedy by default), empty without a base URL. */
    static Optional<OpenAiClientSettings> verifier(Config config) {
        return VerifierConfig.read(key -> config.find(key).orElse(null), OpenAiYesNoModel.DEFAULT_TEMPERATURE);
    }

    /** The {@code validation.*} keys, defaulting to {@link ValidationSettings#defaults()}. */
    static ValidationSettings validation(Config config) {
        ValidationSettings d = ValidationSettings.defaults();
        return new ValidationSettings(
                config.getBoolean("validation.neural", d.neural()),
                config.getDouble("validation.grounding.fuzzy.threshold", d.fuzzyThreshold()),
                config.getBoolean("validation.grounding.embedding", d.embeddingGrounding()),
                config.getDouble("validation.grounding.embedding.threshold", d.embeddingThreshold()),
                config.getInt("validation.grounding.embedding.max.chars", d.embeddingMaxChars()),
                config.getDouble("validation.normalisation.merge.threshold", d.mergeThreshold()),
                config.getBoolean("validation.normalisation.split", d.splitConjunctions()),
                config.getInt("validation.evidence.window", d.evidenceWindow()),
                config.getDouble("validation.strength.threshold", d.strengthThreshold()),
                config.getBoolean("validation.strength.evidence", d.evidenceConditionedStrength()),
                config.getBoolean("validation.verification.transitivity", d.transitivityCheck()),
                config.getInt(ValidationSettings.VERIFICATION_TRIES, d.verifierTries()),
                config.getInt(ValidationSettings.VERIFICATION_MAJORITY, d.verifierMajority()))
                .withStrength(config.getBoolean("validation.strength", d.strength()))
                .withReader(config.getBoolean("validation.reader", d.reader()),
                        config.getDouble("validation.reader.threshold", d.readerThreshold()),
                        config.find("validation.reader.edge.threshold").isPresent()
                                ? Double.valueOf(config.getDouble("validation.reader.edge.threshold", 0))
                                : d.readerEdgeThreshold(),
                        config.getBoolean("validation.reader.claim", d.readerClaim()),
                        ValidationSettings.Lexicon.parse(config.get("validation.reader.lexicon",
                                d.readerLexicon().name())))
                .withReaderModel(config.find("validation.reader.model").map(Path::of).orElse(null),
                        config.getBoolean("validation.reader.int8", d.readerInt8()));
    }
}
