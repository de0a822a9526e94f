package io.causalstream.scorer.app;

import io.causalstream.runtime.Config;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.runtime.OpsServer;
import io.causalstream.runtime.RecordPublisher;
import io.causalstream.runtime.InteractiveQueries;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.scorer.curation.CurationApi;
import io.causalstream.scorer.curation.CurationSettings;
import io.causalstream.scorer.maps.MapDirectory;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.topics.Topics;
import java.time.Clock;
import io.causalstream.runtime.ServiceRunner;
import io.causalstream.runtime.ServiceSkeleton;
import io.causalstream.runtime.StreamsProperties;
import io.causalstream.runtime.StreamsWatch;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.PeerSecret;
import io.causalstream.runtime.web.Peers;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.fcm.aggregate.VectorSimilarity;
import io.causalstream.scorer.api.ScoresApi;
import io.causalstream.scorer.maps.MapMetrics;
import io.causalstream.scorer.maps.MapSettings;
import io.causalstream.scorer.maps.MapViews;
import io.causalstream.scorer.maps.MapWiring;
import io.causalstream.scorer.maps.MapsApi;
import io.causalstream.scorer.maps.StreamsMapDirectory;
import io.causalstream.measures.Edge;
import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.scorer.topology.ScorerTopology;
import io.causalstream.scorer.validate.ValidationWorkers;
import io.causalstream.scorer.web.ScorerPages;
import io.causalstream.serde.SerdeFactory;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scorer service: the {@link ScorerTopology} on Kafka Streams, plus the HTTP face ({@code /health},
 * {@code /metrics}, {@code /api/passages/{id}/scores}, the collective maps' {@code /api/maps...} of {@link MapsApi},
 * the curation API of {@link CurationApi}, the pages of {@link ScorerPages}). Settings: {@link ScorerSettings} and
 * {@link CurationSettings}.
 *
 * <p>Several instances may run in one JVM (the local launcher does): nothing here is static or global.
 */
public final class ScorerService implements ServiceRunner.Service {

    private static final Logger log = LoggerFactory.getLogger(ScorerService.class);
    private static final String SERVICE_NAME = "scorer-service";
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final ScorerSettings settings;
    private final ServiceSkeleton skeleton;
    private final OpsServer ops;
    private final StreamsWatch watch = new StreamsWatch();
    private volatile KafkaStreams streams;
    private volatile HostInfo advertised;

    private ScorerService(ScorerSettings settings) {
        this.settings = settings;
        this.skeleton = new ServiceSkeleton(SERVICE_NAME, settings.common(), this::live, this::ready);
        this.ops = skeleton.ops();
    }

    /** Starts the HTTP server and the stream processing; returns once both are started (not yet RUNNING). */
    public static ScorerService start(Config config) {
        ScorerSettings settings = ScorerSettings.from(config);
        Supplier<TokenEncoder> encoder = ScoringPlan.encoder(config);
        return start(settings, CurationSettings.from(config), KafkaClients.serdes(settings.common()),
                ScoringPlan.build(config, settings, encoder), encoder);
    }

    /**
     * Like {@link #start(Config)} with the scorer built by {@code scorer} from the settings: the place to add
     * measures beyond the built-ins (a {@code MeasureCatalog} with the neural similarities) and the edge and
     * alignment hooks, e.g. {@code s -> s.graphScorer(catalog).withHooks(assessor, alignment)}.
     */
    public static ScorerService start(Config config, Function<ScorerSettings, GraphScorer> scorer) {
        ScorerSettings settings = ScorerSettings.from(config);
        return start(settings, CurationSettings.from(config), KafkaClients.serdes(settings.common()),
                scorer.apply(settings), ScoringPlan.encoder(config));
    }

    static ScorerService start(ScorerSettings settings, SerdeFactory serdes) {
        return start(settings, CurationSettings.from(Config.of(Map.of())), serdes, settings.graphScorer(), null);
    }

    /** @param encoder the encoder of the maps' concept similarity ({@code scorer.maps.similarity=minilm}), or null */
    static ScorerService start(ScorerSettings settings, CurationSettings curation, SerdeFactory serdes,
                               GraphScorer scorer, Supplier<TokenEncoder> encoder) {
        return ServiceSkeleton.start(new ScorerService(settings),
                service -> service.startAll(curation, serdes, scorer, encoder));
    }

    /**
     * Runs every measure once on a tiny pair before the stream starts, so lazily loaded resources (WordNet for
     * METEOR) load now and a broken one fails the start instead of the first record.
     */
    private static void warmUp(GraphScorer scorer) {
        List<Edge> one = List.of(new Edge("heavy rains", "floods", Direction.INCREASE));
        for (EdgeSetMeasure measure : scorer.measures()) {
            measure.score(one, one);
        }
    }

    private void startAll(CurationSettings curation, SerdeFactory serdes, GraphScorer scorer,
                          Supplier<TokenEncoder> encoder) {
        long t0 = System.nanoTime();
        warmUp(scorer);
        log.info("measures ready in {} ms: {}", (System.nanoTime() - t0) / 1_000_000,
                scorer.measures().stream().map(m -> m.name() + "@" + m.threshold()).toList());
        // Routes first, then the HTTP server (its bound port is part of application.server), then Kafka Streams.
        // the map simulation is the one POST: same-origin JSON only, like the rater API's
        // the map simulation and the curation page post: same-origin JSON only, like the rater API's
        new HttpSecurity(curation.access().allowedOrigins(), MapsApi.MAX_BODY_CHARS).register(ops.app());
        // instances show each other a credential derived from the shared secret (the internal endpoints ask for it)
        Peers peers = new Peers(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build(),
                PeerSecret.of(curation.access().sessionSecret()));
        ScoresApi scores = new ScoresApi(() -> streams, () -> advertised, peers);
        scores.register(ops.app());
        new ScorerPages().register(ops.app());
        MapViews mapViews = new MapViews();
        StreamsMapDirectory mapDirectory = new StreamsMapDirectory(() -> streams, () -> advertised, mapViews, peers);
        new MapsApi(mapDirectory).register(ops.app());
        curationApi(curation, serdes, scores, mapDirectory, peers).register(ops.app());
        ops.start(settings.httpHost(), settings.httpPort());
        if (settings.advertisedHost() != null) {
            advertised = new HostInfo(settings.advertisedHost(), ops.port());
        }

        // validation (encoder, CESAR, LLM verifier) runs on its own threads, never on a stream thread
        ScoringMetrics metrics = new ScoringMetrics(ops.meters());
        ValidationWorkers pool = skeleton.own(ValidationWorkers.pool(scorer, settings.validationThreads(),
                Duration.ofMillis(settings.validationBudgetMs()), metrics::validated));
        Gauge.builder("scorer.validation.in.flight", pool, ValidationWorkers::inFlight)
                .description("Extractions being validated now (at most twice scorer.validation.threads)")
                .register(ops.meters());
        FunctionCounter.builder("scorer.verifier.answers", scorer.verifierAnswers(), b -> b.asked())
                .tag("source", "llm").description("LLM verifier answers received (abstentions not counted)")
                .register(ops.meters());
        FunctionCounter.builder("scorer.verifier.answers", scorer.verifierAnswers(), b -> b.reused())
                .tag("source", "stored").description("LLM verifier questions answered from stored answers")
                .register(ops.meters());
        Properties props = streamsProperties(settings, advertised);
        // dead letters counted in deadletters{topic, reason} on this service's /metrics
        props.put(io.causalstream.deadletter.DeadLetterExceptionHandler.METERS, ops.meters());
        MapWiring maps = new MapWiring(mapSimilarity(settings.maps(), encoder), new MapMetrics(ops.meters()),
                mapViews);
        KafkaStreams ks = new KafkaStreams(ScorerTopology.build(settings.topology(), serdes, metrics, scorer, pool,
                maps), props);
        watch.watch(ks);
        skeleton.own(new KafkaStreamsMetrics(ks)).bindTo(ops.meters());
        // owned last, closed first: the stream threads stop before the workers and publishers they use
        skeleton.own(watch.closing(CLOSE_TIMEOUT));
        streams = ks;
        ks.start();
        log.info("scorer started: application.id={}, gold preference={}, http port {}",
                settings.applicationId(), settings.goldPreference().settingValue(), ops.port());
    }

    /**
     * The curation page's API: curator sessions (a sign-out passed on to the other instances), and corrections
     * published with the project's idempotent publisher.
     */
    private CurationApi curationApi(CurationSettings curation, SerdeFactory serdes, ScoresApi scores,
                                    MapDirectory maps, Peers peers) {
        log.info("curation: {}", curation);
        Map<String, Object> connection = KafkaClients.properties(settings.common());
        // a person waits on the answer: a registry that cannot be asked fails the request at once
        RecordPublisher<Extraction> annotationPublisher = skeleton.own(new RecordPublisher<>(connection,
                Topics.EXTRACTIONS, serdes instanceof AvroSerdes a ? a.failFastValueSerializer(Topics.EXTRACTIONS)
                : serdes.valueSerializer(Topics.EXTRACTIONS),
                SERVICE_NAME + "-curation", Map.of()));
        RecordPublisher<GoldGraph> goldPublisher = skeleton.own(new RecordPublisher<>(connection,
                Topics.GOLD_GRAPHS, serdes instanceof AvroSerdes a ? a.failFastValueSerializer(Topics.GOLD_GRAPHS)
                : serdes.valueSerializer(Topics.GOLD_GRAPHS),
                SERVICE_NAME + "-curation-gold", Map.of()));
        SessionEndpoints access = SessionEndpoints.of(curation.access(), CurationApi.CURATORS, peers,
                () -> InteractiveQueries.otherInstances(streams, advertised), Clock.systemUTC());
        return new CurationApi(scores::find, () -> mapConcepts(maps), access, curation,
                new CurationApi.Outlets(annotationPublisher, goldPublisher, CurationApi.meters(ops.meters())),
                Clock.systemUTC());
    }

    /** Concept labels of the collective maps (the first {@value #SUGGESTION_MAPS}), for the curation page. */
    private static List<String> mapConcepts(MapDirectory maps) {
        List<String> labels = new java.util.ArrayList<>();
        maps.headers(false).stream().limit(SUGGESTION_MAPS).forEach(h -> maps.fetch(h.id(), false)
                .ifPresent(m -> m.concepts().forEach(c -> labels.add(c.label()))));
        return labels;
    }

    private static final int SUGGESTION_MAPS = 20;

    /**
     * The collective maps' concept similarity, one per stream task: cosine of the encoder's label vectors when
     * {@code scorer.maps.similarity=minilm} (the encoder is opened now, not on a stream thread), else text only.
     */
    private static Supplier<ConceptSimilarity> mapSimilarity(MapSettings maps, Supplier<TokenEncoder> encoder) {
        if (!maps.enabled() || encoder == null || !MapSettings.SIMILARITY_MINILM.equals(maps.similarity())) {
            return () -> ConceptSimilarity.NONE;
        }
        long t0 = System.nanoTime();
        TokenEncoder e = encoder.get();
        log.info("collective maps resolve concepts with {} at similarity {} (encoder ready in {} ms)", e.name(),
                maps.aggregation().similarityThreshold(), (System.nanoTime() - t0) / 1_000_000);
        return () -> new VectorSimilarity(e.name(), label -> e.encode(List.of(label)).getFirst().meanPooled());
    }

    /** Producer transaction timeout under exactly-once (overridable with {@code kafka.streams.producer.*}). */
    static final int TRANSACTION_TIMEOUT_MS = 120_000;

    /** The Kafka Streams configuration: the common base, the scorer's own defaults, the {@code kafka.streams.*}. */
    public static Properties streamsProperties(ScorerSettings settings, HostInfo advertised) {
        var common = advertised == null ? settings.common()
                : settings.common().advertisedAt(advertised.host(), advertised.port());
        // Validation runs off the stream threads, but a gold change still re-scores every graph of a passage
        // (soft F1 with WordNet, alignment): keep a margin above Streams' exactly-once default of 10 s.
        return StreamsProperties.of(common,
                Map.of(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), TRANSACTION_TIMEOUT_MS),
                settings.streamsOverrides());
    }

    private Map<String, Object> details() {
        KafkaStreams ks = streams;
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("kafkaStreams", ks == null ? "NOT_CREATED" : ks.state().name());
        details.put("applicationId", settings.applicationId());
        details.put("goldPreference", settings.goldPreference().settingValue());
        return details;
    }

    private OpsServer.Health live() {
        return watch.liveness(details());
    }

    private OpsServer.Health ready() {
        return new OpsServer.Health(watch.running(), details());
    }

    /** The bound HTTP port (useful with {@code http.port=0}). */
    public int httpPort() {
        return ops.port();
    }

    /** The Kafka Streams state, for callers that wait for RUNNING. */
    public KafkaStreams.State streamsState() {
        return watch.state();
    }

    /** Blocks until {@link #close()} is called or stream processing fails; returns true when it failed. */
    @Override
    public boolean awaitTermination() throws InterruptedException {
        return watch.awaitTermination();
    }

    /** Stops stream processing (committing its work), the validation workers, then the HTTP server. Idempotent. */
    @Override
    public void close() {
        skeleton.close();
        watch.stopped();
    }

    public static void main(String[] args) throws InterruptedException {
        ServiceRunner.runMain(SERVICE_NAME, () -> start(Config.fromEnvironment()));
    }
}
