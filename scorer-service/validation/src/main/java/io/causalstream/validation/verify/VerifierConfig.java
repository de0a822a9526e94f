package io.causalstream.validation.verify;

import io.causalstream.keys.KeyReader;
import io.causalstream.openai.OpenAiClientSettings;
import java.net.URI;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads the {@code validation.verifier.*} keys (documented on {@link OpenAiYesNoModel}) into the client's settings:
 * the one place that knows them, shared by the scorer service and the research tools. It takes a plain key lookup
 * (the callers pass their {@code Config}'s, tests a map's) so this library does not depend on the service runtime;
 * the values are read by the {@link KeyReader} the config loader reads through, so they parse and fail as if read
 * through it.
 */
public final class VerifierConfig {

    private static final String PREFIX = OpenAiYesNoModel.PREFIX;

    private VerifierConfig() {
    }

    /**
     * The verifier's client settings, or empty without a base URL (no LLM check).
     *
     * @param lookup             a key's value, or null when unset
     * @param defaultTemperature the temperature when none is set: the scorer's is greedy
     *                           ({@link OpenAiYesNoModel#DEFAULT_TEMPERATURE}), WikiCausal's samples (0.7)
     */
    public static Optional<OpenAiClientSettings> read(Function<String, String> lookup, double defaultTemperature) {
        KeyReader c = KeyReader.of(lookup);
        Optional<String> url = c.find(OpenAiYesNoModel.BASE_URL);
        if (url.isEmpty()) {
            return Optional.empty();
        }
        String model = c.find(PREFIX + "model").orElse(null);
        if (model == null) {
            throw new IllegalArgumentException(PREFIX + "model is required when " + OpenAiYesNoModel.BASE_URL
                    + " is set");
        }
        try {
            return Optional.of(new OpenAiClientSettings(URI.create(url.get()), c.find(PREFIX + "api.key").orElse(null),
                    model, OpenAiYesNoModel.MAX_TOKENS, c.getDouble(PREFIX + "temperature", defaultTemperature),
                    c.millis(PREFIX + "timeout.ms", 30_000), c.millis(PREFIX + "connect.timeout.ms", 5_000),
                    c.getInt(PREFIX + "max.attempts", 3), c.millis(PREFIX + "backoff.ms", 500),
                    c.millis(PREFIX + "backoff.max.ms", 5_000), c.getInt(PREFIX + "circuit.failures", 5),
                    c.millis(PREFIX + "circuit.open.ms", 30_000), c.getLong(PREFIX + "requests.per.minute", 0),
                    c.getLong(PREFIX + "tokens.per.minute", 0), c.getInt(PREFIX + "max.in.flight", 16)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad " + PREFIX + "* setting: " + e.getMessage(), e);
        }
    }
}
