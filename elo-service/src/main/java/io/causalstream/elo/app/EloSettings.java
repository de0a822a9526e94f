package io.causalstream.elo.app;

import io.causalstream.deadletter.DeadLetterExceptionHandler;
import io.causalstream.elo.tournament.EloRating;
import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.runtime.Config;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Every setting of the Elo service, read once from {@link Config} (override map, {@code -Dkey}, env var, file).
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>env var</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>kafka.bootstrap.servers</td><td>KAFKA_BOOTSTRAP_SERVERS</td><td>localhost:9092</td>
 *       <td>Kafka brokers</td></tr>
 *   <tr><td>schema.registry.url</td><td>SCHEMA_REGISTRY_URL</td><td>http://localhost:8085</td>
 *       <td>schema registry root URL</td></tr>
 *   <tr><td>application.id</td><td>APPLICATION_ID</td><td>elo-service</td>
 *       <td>Kafka Streams application id: consumer group, prefix of internal topics; instances with the same id
 *       share the work</td></tr>
 *   <tr><td>state.dir</td><td>STATE_DIR</td><td>{@code <java.io.tmpdir>/kafka-streams}</td>
 *       <td>where the local state stores live (one directory per instance)</td></tr>
 *   <tr><td>http.host</td><td>HTTP_HOST</td><td>0.0.0.0</td><td>interface the HTTP server binds</td></tr>
 *   <tr><td>http.port</td><td>HTTP_PORT</td><td>7070</td><td>HTTP port; 0 picks a free one (tests)</td></tr>
 *   <tr><td>http.advertised.host</td><td>HTTP_ADVERTISED_HOST</td><td>localhost</td>
 *       <td>host name other instances use to reach this one; with the bound port it becomes
 *       {@code application.server}, so interactive queries can be routed to the owning instance</td></tr>
 *   <tr><td>elo.k</td><td>ELO_K</td><td>32</td><td>Elo K-factor (paper appendix D.2)</td></tr>
 *   <tr><td>elo.initial</td><td>ELO_INITIAL</td><td>1000</td><td>rating of a new player (paper D.2)</td></tr>
 *   <tr><td>elo.ties</td><td>ELO_TIES</td><td>half</td>
 *       <td>{@code half}: a tie scores 0.5 each (paper text); {@code skip}: ties leave ratings unchanged
 *       (the authors' released code)</td></tr>
 *   <tr><td>kafka.streams.*</td><td>KAFKA_STREAMS_*</td><td>none</td>
 *       <td>raw Kafka Streams settings (e.g. {@code kafka.streams.commit.interval.ms},
 *       {@code kafka.streams.num.stream.threads}); they win over the service's own Streams settings</td></tr>
 * </table>
 */
public record EloSettings(
        String bootstrapServers,
        String schemaRegistryUrl,
        String applicationId,
        String stateDir,
        String httpHost,
        int httpPort,
        String advertisedHost,
        double eloK,
        double eloInitial,
        TiePolicy ties,
        Map<String, String> streamsOverrides) {

    public static final String APPLICATION_ID = "application.id";
    public static final String HTTP_ADVERTISED_HOST = "http.advertised.host";
    public static final String ELO_K = "elo.k";
    public static final String ELO_INITIAL = "elo.initial";
    public static final String ELO_TIES = "elo.ties";
    public static final String STREAMS_PREFIX = "kafka.streams.";

    public static final String DEFAULT_APPLICATION_ID = "elo-service";
    public static final int DEFAULT_HTTP_PORT = 7070;

    public EloSettings {
        streamsOverrides = Map.copyOf(streamsOverrides);
        if (httpPort < 0 || httpPort > 65535) {
            throw new IllegalArgumentException("http.port (HTTP_PORT) must be 0..65535, got " + httpPort);
        }
        if (applicationId.isBlank()) {
            throw new IllegalArgumentException("application.id (APPLICATION_ID) must not be blank");
        }
        rating(eloK, eloInitial);
    }

    public static EloSettings from(Config config) {
        return new EloSettings(
                config.bootstrapServers(),
                config.schemaRegistryUrl(),
                config.get(APPLICATION_ID, DEFAULT_APPLICATION_ID),
                config.get(Config.STATE_DIR, Path.of(System.getProperty("java.io.tmpdir"), "kafka-streams").toString()),
                config.get(Config.HTTP_HOST, "0.0.0.0"),
                config.getInt(Config.HTTP_PORT, DEFAULT_HTTP_PORT),
                config.get(HTTP_ADVERTISED_HOST, "localhost"),
                config.getDouble(ELO_K, EloRating.PAPER_K),
                config.getDouble(ELO_INITIAL, EloRating.PAPER_INITIAL),
                parseTies(config.get(ELO_TIES, "half")),
                config.withPrefix(STREAMS_PREFIX));
    }

    /** The Elo arithmetic these settings ask for. */
    public EloRating rating() {
        return rating(eloK, eloInitial);
    }

    /**
     * Kafka Streams configuration of this service: exactly-once, dead letters for undecodable and invalid records,
     * and {@code application.server} so other instances can route interactive queries here.
     *
     * @param applicationServer {@code host:port} of this instance's HTTP server
     */
    public Properties streamsProperties(String applicationServer) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
        p.put(StreamsConfig.APPLICATION_SERVER_CONFIG, applicationServer);
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        DeadLetterExceptionHandler.installInto(p);
        // A judgment is only valid once its annotations are known. When both topics have data, wait for them so
        // records are taken in timestamp order (annotations were published first) instead of whichever partition
        // happened to be fetched first, e.g. right after start-up or a rebalance.
        p.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, 2000L);
        p.putAll(streamsOverrides);
        return p;
    }

    private static EloRating rating(double k, double initial) {
        try {
            return new EloRating(k, initial);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("elo.k (ELO_K) / elo.initial (ELO_INITIAL): " + e.getMessage(), e);
        }
    }

    private static TiePolicy parseTies(String value) {
        try {
            return TiePolicy.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("elo.ties (ELO_TIES): " + e.getMessage(), e);
        }
    }
}
