package io.causalstream.validation.verify;

import io.causalstream.openai.OpenAiClientSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads the {@code validation.verifier.*} keys (documented on {@link OpenAiYesNoModel}) into the client's settings:
 * the one place that knows them, shared by the scorer service and the research tools. It takes a plain key lookup
 * (the callers pass their {@code Config}'s, tests a map's) so this library does not depend on the service runtime.
 * Values are trimmed and blank means unset, numbers fail with the message the config loader gives, as if read
 * through it.
 */
public final class VerifierConfig {

    private static final String PREFIX = OpenAiYesNoModel.PREFIX;

    private final Function<String, String> lookup;

    private VerifierConfig(Function<String, String> lookup) {
        this.lookup = lookup;
    }

    /**
     * The verifier's client settings, or empty without a base URL (no LLM check).
     *
     * @param lookup             a key's value, or null when unset
     * @param defaultTemperature the temperature when none is set: the scorer's is greedy
     *                           ({@link OpenAiYesNoModel#DEFAULT_TEMPERATURE}), WikiCausal's samples (0.7)
     */
    public static Optional<OpenAiClientSettings> read(Function<String, String> lookup, double defaultTemperature) {
        VerifierConfig c = new VerifierConfig(lookup);
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
                    c.ms("timeout.ms", 30_000), c.ms("connect.timeout.ms", 5_000), c.getInt(PREFIX + "max.attempts", 3),
                    c.ms("backoff.ms", 500), c.ms("backoff.max.ms", 5_000), c.getInt(PREFIX + "circuit.failures", 5),
                    c.ms("circuit.open.ms", 30_000), c.getLong(PREFIX + "requests.per.minute", 0),
                    c.getLong(PREFIX + "tokens.per.minute", 0), c.getInt(PREFIX + "max.in.flight", 16)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad " + PREFIX + "* setting: " + e.getMessage(), e);
        }
    }

    private Optional<String> find(String key) {
        return Optional.ofNullable(lookup.apply(key)).map(String::trim).filter(s -> !s.isEmpty());
    }

    private int getInt(String key, int defaultValue) {
        return find(key).map(v -> number(key, v, Integer::parseInt)).orElse(defaultValue);
    }

    private long getLong(String key, long defaultValue) {
        return find(key).map(v -> number(key, v, Long::parseLong)).orElse(defaultValue);
    }

    private double getDouble(String key, double defaultValue) {
        return find(key).map(v -> number(key, v, Double::parseDouble)).orElse(defaultValue);
    }

    private Duration ms(String key, long defaultMs) {
        return Duration.ofMillis(getLong(PREFIX + key, defaultMs));
    }

    /** The config loader's message, environment name included, so the error reads the same whoever looked up. */
    private static <T> T number(String key, String value, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("config " + key + " (" + key.toUpperCase().replace('.', '_')
                    .replace('-', '_') + ") must be a number, got '" + value + "'", e);
        }
    }
}
