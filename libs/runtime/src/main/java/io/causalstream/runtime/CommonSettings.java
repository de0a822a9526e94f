package io.causalstream.runtime;

import io.causalstream.serde.RetryingDeserializer;
import java.net.URI;
import java.time.Duration;

/**
 * The settings every service shares, read once by {@link #from(Config, String, int)}. Each service's own settings
 * record holds one of these instead of repeating the fields.
 *
 * <table>
 *   <caption>Settings common to every service</caption>
 *   <tr><th>key</th><th>environment variable</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>kafka.bootstrap.servers</td><td>KAFKA_BOOTSTRAP_SERVERS</td><td>localhost:9092</td>
 *       <td>Kafka brokers</td></tr>
 *   <tr><td>schema.registry.url</td><td>SCHEMA_REGISTRY_URL</td><td>http://localhost:8085</td>
 *       <td>root URL of the schema registry (Confluent API compatible), http or https</td></tr>
 *   <tr><td>schema.registry.username</td><td>SCHEMA_REGISTRY_USERNAME</td><td>(none)</td>
 *       <td>basic-auth user of the registry; needs schema.registry.password</td></tr>
 *   <tr><td>schema.registry.password</td><td>SCHEMA_REGISTRY_PASSWORD</td><td>(none)</td>
 *       <td>basic-auth password of the registry</td></tr>
 *   <tr><td>http.host</td><td>HTTP_HOST</td><td>127.0.0.1</td><td>interface of the HTTP server (/health,
 *       /metrics, the service's API and pages): this machine only by default; {@code 0.0.0.0} for every
 *       interface (containers, Kubernetes: the image and the manifests set it)</td></tr>
 *   <tr><td>http.port</td><td>HTTP_PORT</td><td>per service (7070 elo, 7071 extractor, 7072 scorer)</td>
 *       <td>port of the HTTP server; 0 picks a free one (tests)</td></tr>
 *   <tr><td>http.advertised.host</td><td>HTTP_ADVERTISED_HOST</td><td>(none; the Elo service uses
 *       localhost)</td><td>host name other instances reach this one at; with the bound port it becomes Kafka
 *       Streams' {@code application.server}, so interactive queries can be routed to the owning instance</td></tr>
 *   <tr><td>application.id</td><td>APPLICATION_ID</td><td>the service's name</td>
 *       <td>Kafka Streams application id or consumer group: instances with the same id share the work</td></tr>
 *   <tr><td>state.dir</td><td>STATE_DIR</td><td>(Kafka Streams default, {@code ${java.io.tmpdir}/kafka-streams})</td>
 *       <td>directory of the local state stores</td></tr>
 *   <tr><td>kafka.security.protocol</td><td>KAFKA_SECURITY_PROTOCOL</td><td>PLAINTEXT</td>
 *       <td>PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL; applies to every Kafka client of the service</td></tr>
 *   <tr><td>kafka.sasl.mechanism</td><td>KAFKA_SASL_MECHANISM</td><td>PLAIN (with a SASL protocol)</td>
 *       <td>SASL mechanism, e.g. PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, OAUTHBEARER</td></tr>
 *   <tr><td>kafka.sasl.username</td><td>KAFKA_SASL_USERNAME</td><td>(none)</td>
 *       <td>SASL user (PLAIN and SCRAM); the JAAS line is built from it and the password</td></tr>
 *   <tr><td>kafka.sasl.password</td><td>KAFKA_SASL_PASSWORD</td><td>(none)</td><td>SASL password</td></tr>
 *   <tr><td>kafka.sasl.jaas.config</td><td>KAFKA_SASL_JAAS_CONFIG</td><td>(none)</td>
 *       <td>full JAAS line, instead of user name and password (other mechanisms)</td></tr>
 *   <tr><td>kafka.ssl.truststore.location / .password / .type</td><td>KAFKA_SSL_TRUSTSTORE_LOCATION /
 *       _PASSWORD / _TYPE</td><td>(JVM default)</td><td>trust store of the brokers' certificates</td></tr>
 *   <tr><td>kafka.ssl.keystore.location / .password / .type</td><td>KAFKA_SSL_KEYSTORE_LOCATION /
 *       _PASSWORD / _TYPE</td><td>(none)</td><td>client certificate for mutual TLS</td></tr>
 *   <tr><td>schema.registry.retry.budget.ms</td><td>SCHEMA_REGISTRY_RETRY_BUDGET_MS</td><td>60000</td>
 *       <td>how long a record that cannot be decoded because the registry is unreachable (or answers 5xx) is
 *       retried before the service gives up on it without dead-lettering it (Streams services fail and are
 *       restarted; the extractor retries its batch); keep it below the transaction timeout of the service</td></tr>
 *   <tr><td>schema.registry.unknown.id.confirm.ms</td><td>SCHEMA_REGISTRY_UNKNOWN_ID_CONFIRM_MS</td><td>15000</td>
 *       <td>how long the registry must keep answering 404 for a record's schema id before the record is
 *       dead-lettered as invalid, when it does not show that it serves the schemas it holds (a registry that is
 *       starting answers 404 while it loads); while it does, a 404 is believed at once</td></tr>
 *   <tr><td>schema.registry.unknown.id.cache.ms</td><td>SCHEMA_REGISTRY_UNKNOWN_ID_CACHE_MS</td><td>60000</td>
 *       <td>how long the registry's 404 for a schema id is believed without asking again (at most 10,000 ids
 *       are remembered): a flood of records with unknown ids costs one lookup per distinct id; an id registered
 *       later is picked up after this long</td></tr>
 *   <tr><td>passage.max.chars</td><td>PASSAGE_MAX_CHARS</td><td>20000</td>
 *       <td>the longest passage text, in characters, the same for every service: the extractor, which reads
 *       {@code passages} first, dead-letters a longer passage once with this limit in the reason; the scorer and
 *       the Elo service skip it (counted, not dead-lettered again)</td></tr>
 * </table>
 *
 * @param advertisedHost null when not set (single instance, no query routing)
 * @param stateDir       null for Kafka Streams' default
 */
public record CommonSettings(String bootstrapServers,
                             String schemaRegistryUrl,
                             String httpHost,
                             int httpPort,
                             String advertisedHost,
                             String applicationId,
                             String stateDir,
                             KafkaSecurity security,
                             RegistryCredentials registryCredentials,
                             RetryingDeserializer.Policy registryRetry,
                             int passageMaxChars) {

    public static final String BOOTSTRAP_SERVERS = Config.BOOTSTRAP_SERVERS;
    public static final String SCHEMA_REGISTRY_URL = Config.SCHEMA_REGISTRY_URL;
    public static final String REGISTRY_USERNAME = "schema.registry.username";
    public static final String REGISTRY_PASSWORD = "schema.registry.password";
    public static final String HTTP_HOST = Config.HTTP_HOST;
    /** Loopback: a service started with the defaults is reachable from this machine only. */
    public static final String DEFAULT_HTTP_HOST = "127.0.0.1";
    public static final String HTTP_PORT = Config.HTTP_PORT;
    public static final String HTTP_ADVERTISED_HOST = "http.advertised.host";
    public static final String APPLICATION_ID = "application.id";
    public static final String STATE_DIR = Config.STATE_DIR;
    public static final String SECURITY_PROTOCOL = "kafka.security.protocol";
    public static final String SASL_MECHANISM = "kafka.sasl.mechanism";
    public static final String SASL_USERNAME = "kafka.sasl.username";
    public static final String SASL_PASSWORD = "kafka.sasl.password";
    public static final String SASL_JAAS_CONFIG = "kafka.sasl.jaas.config";
    public static final String SSL_TRUSTSTORE_LOCATION = "kafka.ssl.truststore.location";
    public static final String SSL_TRUSTSTORE_PASSWORD = "kafka.ssl.truststore.password";
    public static final String SSL_TRUSTSTORE_TYPE = "kafka.ssl.truststore.type";
    public static final String SSL_KEYSTORE_LOCATION = "kafka.ssl.keystore.location";
    public static final String SSL_KEYSTORE_PASSWORD = "kafka.ssl.keystore.password";
    public static final String SSL_KEYSTORE_TYPE = "kafka.ssl.keystore.type";
    public static final String REGISTRY_RETRY_BUDGET_MS = "schema.registry.retry.budget.ms";
    public static final String REGISTRY_UNKNOWN_ID_CONFIRM_MS = "schema.registry.unknown.id.confirm.ms";
    public static final String REGISTRY_UNKNOWN_ID_CACHE_MS = "schema.registry.unknown.id.cache.ms";
    public static final String PASSAGE_MAX_CHARS = "passage.max.chars";
    /** Far above a paragraph, far below an LLM's context. */
    public static final int DEFAULT_PASSAGE_MAX_CHARS = 20_000;

    /** The settings without a registry retry policy of their own: {@link RetryingDeserializer.Policy#DEFAULT}. */
    public CommonSettings(String bootstrapServers, String schemaRegistryUrl, String httpHost, int httpPort,
                          String advertisedHost, String applicationId, String stateDir, KafkaSecurity security,
                          RegistryCredentials registryCredentials) {
        this(bootstrapServers, schemaRegistryUrl, httpHost, httpPort, advertisedHost, applicationId, stateDir,
                security, registryCredentials, null, DEFAULT_PASSAGE_MAX_CHARS);
    }

    /** The settings with the default passage limit, {@value #DEFAULT_PASSAGE_MAX_CHARS} characters. */
    public CommonSettings(String bootstrapServers, String schemaRegistryUrl, String httpHost, int httpPort,
                          String advertisedHost, String applicationId, String stateDir, KafkaSecurity security,
                          RegistryCredentials registryCredentials, RetryingDeserializer.Policy registryRetry) {
        this(bootstrapServers, schemaRegistryUrl, httpHost, httpPort, advertisedHost, applicationId, stateDir,
                security, registryCredentials, registryRetry, DEFAULT_PASSAGE_MAX_CHARS);
    }

    public CommonSettings {
        require(bootstrapServers != null && !bootstrapServers.isBlank(), BOOTSTRAP_SERVERS, "must not be blank");
        require(schemaRegistryUrl != null && isHttpUrl(schemaRegistryUrl), SCHEMA_REGISTRY_URL,
                "must be an http:// or https:// URL, got '" + schemaRegistryUrl + "'");
        require(httpPort >= 0 && httpPort <= 65535, HTTP_PORT, "must be 0..65535, got " + httpPort);
        require(applicationId != null && !applicationId.isBlank(), APPLICATION_ID, "must not be blank");
        require(passageMaxChars >= 1, PASSAGE_MAX_CHARS, "must be at least 1, got " + passageMaxChars);
        security = security == null ? KafkaSecurity.PLAINTEXT : security;
        registryCredentials = registryCredentials == null ? RegistryCredentials.NONE : registryCredentials;
        registryRetry = registryRetry == null ? RetryingDeserializer.Policy.DEFAULT : registryRetry;
    }

    /** Reads the common keys; every bad value is an error naming the key and its environment variable. */
    public static CommonSettings from(Config config, String defaultApplicationId, int defaultHttpPort) {
        return new CommonSettings(
                config.get(BOOTSTRAP_SERVERS, Config.DEFAULT_BOOTSTRAP),
                config.get(SCHEMA_REGISTRY_URL, Config.DEFAULT_REGISTRY),
                config.get(HTTP_HOST, DEFAULT_HTTP_HOST),
                config.getInt(HTTP_PORT, defaultHttpPort),
                config.find(HTTP_ADVERTISED_HOST).orElse(null),
                config.get(APPLICATION_ID, defaultApplicationId),
                config.find(STATE_DIR).orElse(null),
                security(config),
                registryCredentials(config),
                registryRetry(config),
                config.getInt(PASSAGE_MAX_CHARS, DEFAULT_PASSAGE_MAX_CHARS));
    }

    private static RetryingDeserializer.Policy registryRetry(Config c) {
        RetryingDeserializer.Policy d = RetryingDeserializer.Policy.DEFAULT;
        long budget = c.getLong(REGISTRY_RETRY_BUDGET_MS, d.transientBudget().toMillis());
        long confirm = c.getLong(REGISTRY_UNKNOWN_ID_CONFIRM_MS, d.unknownIdConfirmation().toMillis());
        long cache = c.getLong(REGISTRY_UNKNOWN_ID_CACHE_MS, d.unknownIdMemory().toMillis());
        require(budget >= 0, REGISTRY_RETRY_BUDGET_MS, "must be >= 0, got " + budget);
        require(confirm >= 0, REGISTRY_UNKNOWN_ID_CONFIRM_MS, "must be >= 0, got " + confirm);
        require(cache >= 0, REGISTRY_UNKNOWN_ID_CACHE_MS, "must be >= 0, got " + cache);
        return new RetryingDeserializer.Policy(d.initialBackoff(), d.maxBackoff(), Duration.ofMillis(budget),
                Duration.ofMillis(confirm), Duration.ofMillis(cache));
    }

    /** Whether a passage text is longer than {@link #passageMaxChars}. */
    public boolean passageTooLong(String text) {
        return text != null && text.length() > passageMaxChars;
    }

    /** The same settings as seen by other instances at {@code host:port} (the port actually bound). */
    public CommonSettings advertisedAt(String host, int port) {
        return new CommonSettings(bootstrapServers, schemaRegistryUrl, httpHost, port, host, applicationId, stateDir,
                security, registryCredentials, registryRetry, passageMaxChars);
    }

    /** These settings with a service's own defaults for the two keys that have none in common. */
    public CommonSettings orDefaults(String defaultAdvertisedHost, String defaultStateDir) {
        return new CommonSettings(bootstrapServers, schemaRegistryUrl, httpHost, httpPort,
                advertisedHost == null ? defaultAdvertisedHost : advertisedHost, applicationId,
                stateDir == null ? defaultStateDir : stateDir, security, registryCredentials, registryRetry,
                passageMaxChars);
    }

    /** {@code host:port} for Kafka Streams' {@code application.server}, or null when no host is advertised. */
    public String applicationServer() {
        return advertisedHost == null ? null : advertisedHost + ":" + httpPort;
    }

    private static KafkaSecurity security(Config c) {
        String protocol = c.get(SECURITY_PROTOCOL, "PLAINTEXT").toUpperCase();
        require(KafkaSecurity.PROTOCOLS.contains(protocol), SECURITY_PROTOCOL,
                "must be one of " + KafkaSecurity.PROTOCOLS + ", got '" + protocol + "'");
        boolean sasl = protocol.startsWith("SASL_");
        String mechanism = c.find(SASL_MECHANISM).map(String::toUpperCase).orElse(sasl ? "PLAIN" : null);
        String username = c.find(SASL_USERNAME).orElse(null);
        String password = c.find(SASL_PASSWORD).orElse(null);
        String jaas = c.find(SASL_JAAS_CONFIG).orElse(null);
        require(sasl || (username == null && password == null && jaas == null), SASL_USERNAME,
                "is set but " + SECURITY_PROTOCOL + " (" + Config.envName(SECURITY_PROTOCOL) + ") is " + protocol
                        + "; use SASL_PLAINTEXT or SASL_SSL");
        require((username == null) == (password == null), username == null ? SASL_USERNAME : SASL_PASSWORD,
                "must be set together with " + (username == null ? SASL_PASSWORD : SASL_USERNAME));
        require(jaas == null || username == null, SASL_JAAS_CONFIG, "and " + SASL_USERNAME + " ("
                + Config.envName(SASL_USERNAME) + ") exclude each other: give one of them");
        if (sasl && jaas == null) {
            require(username != null, SASL_USERNAME, "must be set (or " + SASL_JAAS_CONFIG + ") with "
                    + SECURITY_PROTOCOL + "=" + protocol);
            jaas = KafkaSecurity.jaasFor(mechanism, username, password);
            require(jaas != null, SASL_MECHANISM, mechanism + " takes no user name and password: set "
                    + SASL_JAAS_CONFIG + " (" + Config.envName(SASL_JAAS_CONFIG) + ") instead");
        }
        String truststore = c.find(SSL_TRUSTSTORE_LOCATION).orElse(null);
        String keystore = c.find(SSL_KEYSTORE_LOCATION).orElse(null);
        boolean ssl = protocol.endsWith("SSL");
        require(ssl || (truststore == null && keystore == null), truststore != null ? SSL_TRUSTSTORE_LOCATION
                : SSL_KEYSTORE_LOCATION, "is set but " + SECURITY_PROTOCOL + " is " + protocol
                + "; use SSL or SASL_SSL");
        return new KafkaSecurity(protocol, sasl ? mechanism : null, jaas, truststore,
                c.find(SSL_TRUSTSTORE_PASSWORD).orElse(null), c.find(SSL_TRUSTSTORE_TYPE).orElse(null),
                keystore, c.find(SSL_KEYSTORE_PASSWORD).orElse(null), c.find(SSL_KEYSTORE_TYPE).orElse(null));
    }

    private static RegistryCredentials registryCredentials(Config c) {
        String username = c.find(REGISTRY_USERNAME).orElse(null);
        String password = c.find(REGISTRY_PASSWORD).orElse(null);
        require((username == null) == (password == null), username == null ? REGISTRY_USERNAME : REGISTRY_PASSWORD,
                "must be set together with " + (username == null ? REGISTRY_PASSWORD : REGISTRY_USERNAME));
        return username == null ? RegistryCredentials.NONE : new RegistryCredentials(username, password);
    }

    private static boolean isHttpUrl(String url) {
        try {
            URI u = URI.create(url);
            return ("http".equals(u.getScheme()) || "https".equals(u.getScheme())) && u.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** An error naming the key and its environment variable, e.g. "config http.port (HTTP_PORT) must be ...". */
    public static void require(boolean condition, String key, String problem) {
        if (!condition) {
            throw new IllegalArgumentException("config " + key + " (" + Config.envName(key) + ") " + problem);
        }
    }
}
