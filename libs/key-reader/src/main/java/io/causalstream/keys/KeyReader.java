package io.causalstream.keys;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Typed values of configuration keys over a plain key lookup: the one reading of a setting's text, shared by the
 * runtime's {@code Config} and the method libraries' own readers (which may not depend on the runtime). A value is
 * trimmed and a blank one is unset; a value that does not parse fails with an error naming the key and its
 * environment variable ({@link #envName}), e.g. {@code config http.port (HTTP_PORT) must be a number, got 'x'}.
 */
public final class KeyReader {

    private final Function<String, String> lookup;

    private KeyReader(Function<String, String> lookup) {
        this.lookup = lookup;
    }

    /** @param lookup a key's value, or null when unset */
    public static KeyReader of(Function<String, String> lookup) {
        return new KeyReader(lookup);
    }

    public static KeyReader of(Map<String, String> values) {
        return new KeyReader(values::get);
    }

    public static KeyReader of(Properties values) {
        return new KeyReader(values::getProperty);
    }

    /** The key's value, trimmed; empty when unset or blank. */
    public Optional<String> find(String key) {
        return Optional.ofNullable(lookup.apply(key)).map(String::trim).filter(s -> !s.isEmpty());
    }

    /** The key's value parsed by {@code parser}; a {@link NumberFormatException} becomes the key's error. */
    public <T> Optional<T> find(String key, Function<String, T> parser) {
        return find(key).map(v -> number(key, v, parser));
    }

    public String get(String key, String defaultValue) {
        return find(key).orElse(defaultValue);
    }

    /** The key's value; fails naming the key and its environment variable when it is unset. */
    public String require(String key) {
        return find(key).orElseThrow(() -> new IllegalArgumentException("config " + key + " (" + envName(key)
                + ") must be set"));
    }

    public int getInt(String key, int defaultValue) {
        return find(key, Integer::parseInt).orElse(defaultValue);
    }

    public long getLong(String key, long defaultValue) {
        return find(key, Long::parseLong).orElse(defaultValue);
    }

    public double getDouble(String key, double defaultValue) {
        return find(key, Double::parseDouble).orElse(defaultValue);
    }

    /** {@code true} or {@code false} in any case; anything else fails, so a typo does not silently mean false. */
    public boolean getBoolean(String key, boolean defaultValue) {
        return find(key).map(v -> switch (v.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("config " + key + " (" + envName(key)
                    + ") must be true or false, got '" + v + "'");
        }).orElse(defaultValue);
    }

    /** A duration written in milliseconds. */
    public Duration millis(String key, long defaultMillis) {
        return Duration.ofMillis(getLong(key, defaultMillis));
    }

    /**
     * The constant of {@code type} the value names, in any case; fails listing the names it may take, e.g.
     * {@code extractor.mode must be single or staged, got 'batch'}.
     */
    public <E extends Enum<E>> E getEnum(String key, Class<E> type, E defaultValue) {
        Optional<String> value = find(key);
        if (value.isEmpty()) {
            return defaultValue;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value.get())) {
                return constant;
            }
        }
        List<String> names = Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT))
                .toList();
        String choices = names.size() == 1 ? names.get(0) : String.join(", ", names.subList(0, names.size() - 1))
                + " or " + names.get(names.size() - 1);
        throw new IllegalArgumentException(key + " must be " + choices + ", got '" + value.get() + "'");
    }

    /** A comma-separated list, each item trimmed, empty items dropped; {@code defaultValue} is read the same way. */
    public List<String> getList(String key, String defaultValue) {
        return Arrays.stream(get(key, defaultValue).split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .collect(Collectors.toUnmodifiableList());
    }

    /** {@code kafka.bootstrap.servers} -> {@code KAFKA_BOOTSTRAP_SERVERS}. */
    public static String envName(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    private static <T> T number(String key, String value, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("config " + key + " (" + envName(key) + ") must be a number, got '"
                    + value + "'", e);
        }
    }
}
