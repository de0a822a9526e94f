package io.causalstream.elo.app;

import io.causalstream.elo.tournament.EloRating;
import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.StreamsProperties;
import io.causalstream.elo.live.PipelineSettings;
import io.causalstream.elo.topology.JudgmentListener;
import io.causalstream.elo.topology.TopologySettings;
import io.causalstream.elo.tournament.BtSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Every setting of the Elo service, read once from {@link Config} (override map, {@code -Dkey}, env var, file).
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>env var</th><th>default</th><th>meaning</th></tr>
 *   <tr><td colspan="4">the common keys ({@code kafka.bootstrap.servers}, {@code schema.registry.*},
 *       {@code http.host}, {@code http.port} (default 7070), {@code http.advertised.host} (default localhost),
 *       {@code application.id} (default elo-service), {@code state.dir} (default
 *       {@code <java.io.tmpdir>/kafka-streams}), {@code kafka.security.*}, {@code kafka.sasl.*},
 *       {@code kafka.ssl.*}): see {@link CommonSettings}</td></tr>
 *   <tr><td>elo.k</td><td>ELO_K</td><td>32</td><td>Elo K-factor (paper appendix D.2)</td></tr>
 *   <tr><td>elo.initial</td><td>ELO_INITIAL</td><td>1000</td><td>rating of a new player (paper D.2)</td></tr>
 *   <tr><td>elo.ties</td><td>ELO_TIES</td><td>half</td>
 *       <td>{@code half}: a tie scores 0.5 each (paper text); {@code skip}: ties leave ratings unchanged
 *       (the authors' released code)</td></tr>
 *   <tr><td>elo.bt.ridge</td><td>ELO_BT_RIDGE</td><td>0.01</td>
 *       <td>Bradley-Terry L2 penalty on the strengths (log-odds units); keeps undefeated players finite</td></tr>
 *   <tr><td>elo.bt.bootstrap.rounds</td><td>ELO_BT_BOOTSTRAP_ROUNDS</td><td>100</td>
 *       <td>bootstrap resamples for the Bradley-Terry confidence intervals (0: no intervals)</td></tr>
 *   <tr><td>elo.bt.confidence</td><td>ELO_BT_CONFIDENCE</td><td>0.95</td>
 *       <td>coverage of the Bradley-Terry confidence intervals</td></tr>
 *   <tr><td>elo.bt.refit.interval.ms</td><td>ELO_BT_REFIT_INTERVAL_MS</td><td>1000</td>
 *       <td>how often passages whose counts changed are refitted (wall-clock punctuation)</td></tr>
 *   <tr><td>elo.bt.refit.budget.ms</td><td>ELO_BT_REFIT_BUDGET_MS</td><td>50</td>
 *       <td>most time one refit run may fit (it stops after the fit that crosses it); passages left over wait for
 *       the next run (round robin), so refits never take more than about budget/interval of a core per task
 *       and never starve the counting of judgments</td></tr>
 *   <tr><td>elo.bt.refit.async</td><td>ELO_BT_REFIT_ASYNC</td><td>true</td>
 *       <td>{@code true}: fits run on a separate (virtual) thread and the next punctuation writes the results, so
 *       a fit (10-50 ms with 100 bootstrap rounds) never holds up the judgments of its task; {@code false}: fit
 *       on the stream thread inside the punctuation (deterministic timing for tests). The final tables are the
 *       same either way</td></tr>
 *   <tr><td>elo.max.edges</td><td>ELO_MAX_EDGES</td><td>500</td><td>annotations with more triples go to
 *       {@code extractions.dlq} (the rater page shows every triple)</td></tr>
 *   <tr><td>elo.passage.cache.size</td><td>ELO_PASSAGE_CACHE_SIZE</td><td>256</td>
 *       <td>passages whose Elo table and head-to-head counts each stream task keeps decoded in memory (least
 *       recently judged ones make room), so judging a busy passage skips decoding its state from the store;
 *       roughly 5-10 KB each for a 10-player tournament; 0 turns it off</td></tr>
 *   <tr><td>elo.raters</td><td>ELO_RATERS</td><td>empty</td>
 *       <td>who may sign in to the rater page: {@code raterId:sha256:<hex>,...}, the SHA-256 of each rater's token
 *       (make one with {@code deploy/causal-stream rater-token <raterId>}); plain tokens are refused</td></tr>
 *   <tr><td>elo.raters.file</td><td>ELO_RATERS_FILE</td><td>none</td>
 *       <td>a file of the same entries, one a line ({@code #} comments); merged with {@code elo.raters}</td></tr>
 *   <tr><td>elo.signin.open</td><td>ELO_SIGNIN_OPEN</td><td>false</td>
 *       <td>demo mode: anyone signs in with just a name (the local demo turns it on); logged as a warning</td></tr>
 *   <tr><td>elo.session.secret</td><td>ELO_SESSION_SECRET</td><td>random per process</td>
 *       <td>key (32+ characters) that signs rater sessions, pair tickets, CSRF tokens and revocations, and from
 *       which the instances' credential for each other's internal endpoints derives; every instance needs the same
 *       one; required when {@code elo.instances} is above 1</td></tr>
 *   <tr><td>elo.instances</td><td>ELO_INSTANCES</td><td>1</td>
 *       <td>how many instances run; above 1, start-up fails without {@code elo.session.secret}</td></tr>
 *   <tr><td>elo.session.ttl.ms</td><td>ELO_SESSION_TTL_MS</td><td>43200000 (12 h)</td>
 *       <td>how long a rater session lasts</td></tr>
 *   <tr><td>elo.ticket.ttl.ms</td><td>ELO_TICKET_TTL_MS</td><td>1800000 (30 min)</td>
 *       <td>how long a served pair may be judged</td></tr>
 *   <tr><td>elo.judgments.per.minute</td><td>ELO_JUDGMENTS_PER_MINUTE</td><td>30</td>
 *       <td>judgments a rater may post a minute, sustained (token bucket, per instance)</td></tr>
 *   <tr><td>elo.judgments.burst</td><td>ELO_JUDGMENTS_BURST</td><td>10</td>
 *       <td>judgments a rater may post at once</td></tr>
 *   <tr><td>elo.allowed.origins</td><td>ELO_ALLOWED_ORIGINS</td><td>empty</td>
 *       <td>origins beyond the request's own Host that may post ({@code https://elo.example.org,...}), e.g. when a
 *       proxy rewrites Host</td></tr>
 *   <tr><td>elo.live.interval.ms</td><td>ELO_LIVE_INTERVAL_MS</td><td>250</td>
 *       <td>how often the dashboard's server-sent events are flushed (changes in between are coalesced)</td></tr>
 *   <tr><td>elo.pipeline.extractor.metrics.url</td><td>ELO_PIPELINE_EXTRACTOR_METRICS_URL</td>
 *       <td>http://localhost:7071/metrics</td><td>the extractor's Prometheus metrics, read for the dashboard's
 *       pipeline panels (passages/s, extraction latency, dead letters); several replicas: their addresses
 *       comma-separated (summed); {@code none}: not read</td></tr>
 *   <tr><td>elo.pipeline.scorer.metrics.url</td><td>ELO_PIPELINE_SCORER_METRICS_URL</td>
 *       <td>http://localhost:7072/metrics</td><td>the scorer's (graphs scored/s, validated share, dead letters);
 *       comma-separated for several replicas; {@code none}: not read</td></tr>
 *   <tr><td>elo.pipeline.groups</td><td>ELO_PIPELINE_GROUPS</td><td>extractor-service,scorer-service,elo-service</td>
 *       <td>consumer groups whose lag the dashboard shows (read from the broker with the Admin client)</td></tr>
 *   <tr><td>elo.pipeline.interval.ms</td><td>ELO_PIPELINE_INTERVAL_MS</td><td>2000</td>
 *       <td>how often the pipeline figures are refreshed and pushed (event {@code pipeline}); 0 turns them off</td></tr>
 *   <tr><td>elo.links.scorer.url</td><td>ELO_LINKS_SCORER_URL</td><td>http://localhost:7072</td>
 *       <td>the scorer's public address: the dashboard links to its pages ({@code /maps}, {@code /passages/{id}}); {@code none}: no links</td></tr>
 *   <tr><td>kafka.streams.*</td><td>KAFKA_STREAMS_*</td><td>none</td>
 *       <td>raw Kafka Streams settings (e.g. {@code kafka.streams.commit.interval.ms},
 *       {@code kafka.streams.num.stream.threads}); they win over the service's own Streams settings</td></tr>
 *   <tr><td>kafka.producer.*</td><td>KAFKA_PRODUCER_*</td><td>none</td>
 *       <td>raw settings of the producer that publishes the rater page's judgments</td></tr>
 *   <tr><td>kafka.consumer.*</td><td>KAFKA_CONSUMER_*</td><td>none</td>
 *       <td>raw settings of the consumer that follows {@code ratings} for the live dashboard</td></tr>
 * </table>
 */
public record EloSettings(
        CommonSettings common,
        double eloK,
        double eloInitial,
        TiePolicy ties,
        BtSettings bt,
        Duration btRefitInterval,
        Duration btRefitBudget,
        boolean btRefitAsync,
        int passageCacheSize,
        int maxEdges,
        RaterSettings raters,
        Duration liveInterval,
        PipelineSettings pipeline,
        Map<String, String> streamsOverrides,
        Map<String, String> producerOverrides,
        Map<String, String> consumerOverrides) {

    public static final String APPLICATION_ID = CommonSettings.APPLICATION_ID;
    public static final String HTTP_ADVERTISED_HOST = CommonSettings.HTTP_ADVERTISED_HOST;
    public static final String ELO_K = "elo.k";
    public static final String ELO_INITIAL = "elo.initial";
    public static final String ELO_TIES = "elo.ties";
    public static final String ELO_BT_RIDGE = "elo.bt.ridge";
    public static final String ELO_BT_ROUNDS = "elo.bt.bootstrap.rounds";
    public static final String ELO_BT_CONFIDENCE = "elo.bt.confidence";
    public static final String ELO_BT_REFIT_MS = "elo.bt.refit.interval.ms";
    public static final String ELO_BT_REFIT_BUDGET_MS = "elo.bt.refit.budget.ms";
    public static final String ELO_BT_REFIT_ASYNC = "elo.bt.refit.async";
    public static final String ELO_PASSAGE_CACHE_SIZE = "elo.passage.cache.size";
    public static final String ELO_MAX_EDGES = "elo.max.edges";
    public static final String ELO_LIVE_MS = "elo.live.interval.ms";
    public static final String STREAMS_PREFIX = "kafka.streams.";
    public static final String PRODUCER_PREFIX = "kafka.producer.";
    public static final String CONSUMER_PREFIX = "kafka.consumer.";

    public static final String DEFAULT_APPLICATION_ID = "elo-service";
    public static final int DEFAULT_HTTP_PORT = 7070;

    public EloSettings {
        streamsOverrides = Map.copyOf(streamsOverrides);
        producerOverrides = Map.copyOf(producerOverrides);
        consumerOverrides = Map.copyOf(consumerOverrides);
        if (btRefitInterval.isNegative() || btRefitInterval.isZero()) {
            throw new IllegalArgumentException("elo.bt.refit.interval.ms (ELO_BT_REFIT_INTERVAL_MS) must be > 0");
        }
        if (btRefitBudget.isNegative() || btRefitBudget.isZero()) {
            throw new IllegalArgumentException("elo.bt.refit.budget.ms (ELO_BT_REFIT_BUDGET_MS) must be > 0");
        }
        if (maxEdges < 1) {
            throw new IllegalArgumentException("elo.max.edges (ELO_MAX_EDGES) must be at least 1, got " + maxEdges);
        }
        if (passageCacheSize < 0) {
            throw new IllegalArgumentException("elo.passage.cache.size (ELO_PASSAGE_CACHE_SIZE) must be >= 0, got "
                    + passageCacheSize);
        }
        if (liveInterval.isNegative() || liveInterval.isZero()) {
            throw new IllegalArgumentException("elo.live.interval.ms (ELO_LIVE_INTERVAL_MS) must be > 0");
        }
        rating(eloK, eloInitial);
    }

    /** The longest passage kept ({@link CommonSettings#PASSAGE_MAX_CHARS}, the same in every service). */
    public int maxPassageChars() {
        return common.passageMaxChars();
    }

    public static EloSettings from(Config config) {
        return new EloSettings(
                CommonSettings.from(config, DEFAULT_APPLICATION_ID, DEFAULT_HTTP_PORT).orDefaults("localhost",
                        Path.of(System.getProperty("java.io.tmpdir"), "kafka-streams").toString()),
                config.getDouble(ELO_K, EloRating.PAPER_K),
                config.getDouble(ELO_INITIAL, EloRating.PAPER_INITIAL),
                parseTies(config.get(ELO_TIES, "half")),
                bt(config),
                Duration.ofMillis(config.getLong(ELO_BT_REFIT_MS, 1000)),
                Duration.ofMillis(config.getLong(ELO_BT_REFIT_BUDGET_MS, 50)),
                config.getBoolean(ELO_BT_REFIT_ASYNC, true),
                config.getInt(ELO_PASSAGE_CACHE_SIZE, 256),
                config.getInt(ELO_MAX_EDGES, 500),
                RaterSettings.from(config),
                Duration.ofMillis(config.getLong(ELO_LIVE_MS, 250)),
                PipelineSettings.from(config),
                config.withPrefix(STREAMS_PREFIX),
                config.withPrefix(PRODUCER_PREFIX),
                config.withPrefix(CONSUMER_PREFIX));
    }

    /** Tokens and the session secret are left out: settings get logged. */
    @Override
    public String toString() {
        return "EloSettings[bootstrapServers=" + bootstrapServers() + ", schemaRegistryUrl=" + schemaRegistryUrl()
                + ", applicationId=" + applicationId() + ", stateDir=" + stateDir() + ", http=" + httpHost() + ":"
                + httpPort() + ", advertisedHost=" + advertisedHost() + ", security=" + common.security()
                + ", k=" + eloK + ", initial=" + eloInitial + ", ties=" + ties
                + ", bt=" + bt + ", btRefitInterval=" + btRefitInterval + ", btRefitBudget=" + btRefitBudget + ", btRefitAsync=" + btRefitAsync
                + ", passageCacheSize=" + passageCacheSize
                + ", " + raters
                + ", liveInterval=" + liveInterval + ", " + pipeline + "]";
    }

    public String bootstrapServers() {
        return common.bootstrapServers();
    }

    public String schemaRegistryUrl() {
        return common.schemaRegistryUrl();
    }

    public String applicationId() {
        return common.applicationId();
    }

    public String stateDir() {
        return common.stateDir();
    }

    public String httpHost() {
        return common.httpHost();
    }

    public int httpPort() {
        return common.httpPort();
    }

    public String advertisedHost() {
        return common.advertisedHost();
    }

    private static BtSettings bt(Config config) {
        try {
            return new BtSettings(config.getDouble(ELO_BT_RIDGE, BtSettings.DEFAULT.ridge()),
                    config.getInt(ELO_BT_ROUNDS, BtSettings.DEFAULT.bootstrapRounds()),
                    config.getDouble(ELO_BT_CONFIDENCE, BtSettings.DEFAULT.confidence()),
                    config.getDouble(ELO_INITIAL, EloRating.PAPER_INITIAL));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("elo.bt.* (ELO_BT_*): " + e.getMessage(), e);
        }
    }

    /** The Elo arithmetic these settings ask for. */
    public EloRating rating() {
        return rating(eloK, eloInitial);
    }

    /** What the topology is built from. */
    public TopologySettings topology() {
        return new TopologySettings(rating(), ties, bt,
                new TopologySettings.Refit(btRefitInterval, btRefitBudget, btRefitAsync), passageCacheSize,
                new TopologySettings.Limits(maxPassageChars(), maxEdges));
    }

    /** {@link #streamsProperties(String, JudgmentListener)} without metrics (tests, tools). */
    public Properties streamsProperties(String applicationServer) {
        return streamsProperties(applicationServer, JudgmentListener.NONE);
    }

    /**
     * Kafka Streams configuration of this service: exactly-once, dead letters for undecodable and invalid records
     * (counted into {@code listener}), and {@code application.server} so other instances can route interactive
     * queries here.
     *
     * @param applicationServer {@code host:port} of this instance's HTTP server
     */
    public Properties streamsProperties(String applicationServer, JudgmentListener listener) {
        HostInfo self = HostInfo.buildFromEndpoint(applicationServer);
        Map<String, Object> own = new HashMap<>();
        // the contract's dead-letter handler, counting what it dead-letters into the service's metrics
        own.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, CountingDeadLetterHandler.class);
        own.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, CountingDeadLetterHandler.class);
        own.put(CountingDeadLetterHandler.LISTENER, listener);
        // A judgment is only valid once its annotations are known. When both topics have data, wait for them so
        // records are taken in timestamp order (annotations were published first) instead of whichever partition
        // happened to be fetched first, e.g. right after start-up or a rebalance.
        own.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, 2000L);
        return StreamsProperties.of(common.advertisedAt(self.host(), self.port()), own, streamsOverrides);
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
