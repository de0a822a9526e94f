package io.causalstream.runtime;

import io.causalstream.keys.KeyReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The one configuration loader. A key such as {@code kafka.bootstrap.servers} is looked up, first match wins, in:
 * explicit overrides (tests, the local launcher), JVM system properties ({@code -Dkafka.bootstrap.servers=...}),
 * the environment ({@code KAFKA_BOOTSTRAP_SERVERS}), a properties file named by {@code CAUSAL_STREAM_CONFIG},
 * then the default given by the caller.
 */
public final class Config {

    public static final String BOOTSTRAP_SERVERS = "kafka.bootstrap.servers";
    public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";
    public static final String HTTP_PORT = "http.port";
    public static final String HTTP_HOST = "http.host";
    public static final String STATE_DIR = "state.dir";

    /** The environment variable naming a properties file of settings. */
    public static final String CONFIG_FILE_ENV = "CAUSAL_STREAM_CONFIG";

    public static final String DEFAULT_BOOTSTRAP = "localhost:9092";
    public static final String DEFAULT_REGISTRY = "http://localhost:8085";

    private final Map<String, String> overrides;
    private final Map<String, String> env;
    private final Properties file;
    private final java.util.function.Consumer<String> reads;
    private final KeyReader keys = KeyReader.of(this::lookup);

    private Config(Map<String, String> overrides, Map<String, String> env, Properties file) {
        this(overrides, env, file, key -> { });
    }

    private Config(Map<String, String> overrides, Map<String, String> env, Properties file,
            java.util.function.Consumer<String> reads) {
        this.overrides = Map.copyOf(overrides);
        this.env = env;
        this.file = file;
        this.reads = reads;
    }

    public static Config fromEnvironment() {
        return withOverrides(Map.of());
    }

    public static Config withOverrides(Map<String, String> overrides) {
        return new Config(overrides, System.getenv(), loadFile(System.getenv(CONFIG_FILE_ENV)));
    }

    /**
     * As {@link #withOverrides(Map)}, with the properties file {@code file} (a command's {@code --config FILE})
     * instead of the one named by {@code CAUSAL_STREAM_CONFIG}; null falls back to that one.
     */
    public static Config withOverrides(Map<String, String> overrides, java.nio.file.Path file) {
        return file == null ? withOverrides(overrides)
                : new Config(overrides, System.getenv(), loadFile(file.toString()));
    }

    /** A config that ignores the process environment: for tests that must not pick up a developer's settings. */
    public static Config of(Map<String, String> values) {
        return new Config(values, Map.of(), new Properties());
    }

    /**
     * As {@link #of(Map)}, telling {@code reads} every key looked up (a prefix read by {@link #withPrefix} as
     * {@code prefix*}): how the configuration reference is checked against the keys the settings really read.
     */
    public static Config tracing(Map<String, String> values, java.util.function.Consumer<String> reads) {
        return new Config(values, Map.of(), new Properties(), reads);
    }

    public Optional<String> find(String key) {
        return keys.find(key);
    }

    public String get(String key, String defaultValue) {
        return keys.get(key, defaultValue);
    }

    public int getInt(String key, int defaultValue) {
        return keys.getInt(key, defaultValue);
    }

    public long getLong(String key, long defaultValue) {
        return keys.getLong(key, defaultValue);
    }

    public double getDouble(String key, double defaultValue) {
        return keys.getDouble(key, defaultValue);
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        return keys.getBoolean(key, defaultValue);
    }

    /** The typed reading of this config's keys (durations, enums, lists, required keys). */
    public KeyReader keys() {
        return keys;
    }

    public String bootstrapServers() {
        return get(BOOTSTRAP_SERVERS, DEFAULT_BOOTSTRAP);
    }

    public String schemaRegistryUrl() {
        return get(SCHEMA_REGISTRY_URL, DEFAULT_REGISTRY);
    }

    /** Keys below a prefix, e.g. {@code kafka.streams.} for raw Kafka client settings, prefix removed. */
    public Map<String, String> withPrefix(String prefix) {
        reads.accept(prefix + "*");
        Map<String, String> out = new TreeMap<>();
        file.stringPropertyNames().stream().filter(k -> k.startsWith(prefix))
                .forEach(k -> out.put(k.substring(prefix.length()), file.getProperty(k)));
        String envPrefix = envName(prefix);
        env.forEach((k, v) -> {
            if (k.startsWith(envPrefix)) {
                out.put(k.substring(envPrefix.length()).toLowerCase().replace('_', '.'), v);
            }
        });
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(prefix))
                .forEach(k -> out.put(k.substring(prefix.length()), System.getProperty(k)));
        overrides.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k.substring(prefix.length()), v);
            }
        });
        return out;
    }

    /** {@code kafka.bootstrap.servers} -> {@code KAFKA_BOOTSTRAP_SERVERS}. */
    public static String envName(String key) {
        return KeyReader.envName(key);
    }

    /** The raw value, first match wins (see the class comment); the key reader trims it. */
    private String lookup(String key) {
        reads.accept(key);
        String v = overrides.get(key);
        if (v == null) {
            v = System.getProperty(key);
        }
        if (v == null) {
            v = env.get(envName(key));
        }
        if (v == null) {
            v = file.getProperty(key);
        }
        return v;
    }

    private static Properties loadFile(String path) {
        Properties p = new Properties();
        if (path == null || path.isBlank()) {
            return p;
        }
        try (InputStream in = java.nio.file.Files.newInputStream(java.nio.file.Path.of(path))) {
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read config file " + path + " (CAUSAL_STREAM_CONFIG)", e);
        }
    }
}
