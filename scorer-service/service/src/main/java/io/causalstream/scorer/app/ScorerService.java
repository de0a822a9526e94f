package io.causalstream.scorer.app;

import io.causalstream.deadletter.DeadLetterExceptionHandler;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.OpsServer;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.scorer.api.ScoresApi;
import io.causalstream.measures.Edge;
import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.scorer.topology.ScorerTopology;
import io.causalstream.scorer.validate.ValidationWorkers;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.serde.SerdeFactory;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scorer service: the {@link ScorerTopology} on Kafka Streams, plus the HTTP face ({@code /health},
 * {@code /metrics}, {@code /api/passages/{id}/scores}). Settings: {@link ScorerSettings}.
 *
 * <p>Several instances may run in one JVM (the local launcher does): nothing here is static or global.
 */
public final class ScorerService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ScorerService.class);
    private static final String SERVICE_NAME = "scorer-service";
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final ScorerSettings settings;
    private final OpsServer ops;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile KafkaStreams streams;
    private volatile HostInfo advertised;
    private volatile boolean failed;
    private volatile KafkaStreamsMetrics streamsMetrics;
    private volatile ValidationWorkers workers;

    private ScorerService(ScorerSettings settings) {
        this.settings = settings;
        this.ops = new OpsServer(SERVICE_NAME, this::health);
    }

    /** Starts the HTTP server and the stream processing; returns once both are started (not yet RUNNING). */
    public static ScorerService start(Config config) {
        return start(config, settings -> ScoringPlan.build(config, settings));
    }

    /**
     * Like {@link #start(Config)} with the scorer built by {@code scorer} from the settings: the place to add
     * measures beyond the built-ins (a {@code MeasureCatalog} with the neural similarities) and the edge and
     * alignment hooks, e.g. {@code s -> s.graphScorer(catalog).withHooks(assessor, alignment)}.
     */
    public static ScorerService start(Config config, Function<ScorerSettings, GraphScorer> scorer) {
        ScorerSettings settings = ScorerSettings.from(config);
        return start(settings, new AvroSerdes(settings.schemaRegistryUrl()), scorer.apply(settings));
    }

    static ScorerService start(ScorerSettings settings, SerdeFactory serdes) {
        return start(settings, serdes, settings.graphScorer());
    }

    static ScorerService start(ScorerSettings settings, SerdeFactory serdes, GraphScorer scorer) {
        ScorerService service = new ScorerService(settings);
        try {
            service.startAll(serdes, scorer);
            return service;
        } catch (RuntimeException e) {
            service.close();
            throw e;
        }
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

    private void startAll(SerdeFactory serdes, GraphScorer scorer) {
        long t0 = System.nanoTime();
        warmUp(scorer);
        log.info("measures ready in {} ms: {}", (System.nanoTime() - t0) / 1_000_000,
                scorer.measures().stream().map(m -> m.name() + "@" + m.threshold()).toList());
        // Routes first, then the HTTP server (its bound port is part of application.server), then Kafka Streams.
        new ScoresApi(() -> streams, () -> advertised).register(ops.app());
        ops.start(settings.httpHost(), settings.httpPort());
        if (settings.advertisedHost() != null) {
            advertised = new HostInfo(settings.advertisedHost(), ops.port());
        }

        // validation (encoder, CESAR, LLM verifier) runs on its own threads, never on a stream thread
        ScoringMetrics metrics = new ScoringMetrics(ops.meters());
        ValidationWorkers pool = ValidationWorkers.pool(scorer, settings.validationThreads(),
                Duration.ofMillis(settings.validationBudgetMs()), metrics::validated);
        Gauge.builder("scorer.validation.in.flight", pool, ValidationWorkers::inFlight)
                .description("Extractions being validated now (at most twice scorer.validation.threads)")
                .register(ops.meters());
        workers = pool;
        KafkaStreams ks = new KafkaStreams(
                ScorerTopology.build(settings, serdes, metrics, scorer, pool),
                streamsProperties(settings, advertised));
        ks.setUncaughtExceptionHandler(e -> {
            // Bad input goes to dead letters; anything reaching here is a bug or an outage: stop and show DOWN.
            log.error("stream processing failed; shutting the Kafka Streams client down", e);
            failed = true;
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        ks.setStateListener((now, before) -> {
            log.info("Kafka Streams state {} -> {}", before, now);
            if (now == KafkaStreams.State.ERROR) {
                failed = true;
                terminated.countDown();
            }
        });
        streamsMetrics = new KafkaStreamsMetrics(ks);
        streamsMetrics.bindTo(ops.meters());
        streams = ks;
        ks.start();
        log.info("scorer started: application.id={}, gold preference={}, http port {}",
                settings.applicationId(), settings.goldPreference().settingValue(), ops.port());
    }

    /** Producer transaction timeout under exactly-once (overridable with {@code kafka.streams.producer.*}). */
    static final int TRANSACTION_TIMEOUT_MS = 120_000;

    /** The Kafka Streams configuration: contract defaults, then the {@code kafka.streams.*} overrides. */
    public static Properties streamsProperties(ScorerSettings settings, HostInfo advertised) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, settings.applicationId());
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        DeadLetterExceptionHandler.installInto(p);
        // Validation runs off the stream threads now, but a gold change still re-scores every graph of a passage
        // (soft F1 with WordNet, alignment): keep the margin above Streams' exactly-once default of 10 s.
        p.put(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), TRANSACTION_TIMEOUT_MS);
        if (settings.stateDir() != null) {
            p.put(StreamsConfig.STATE_DIR_CONFIG, settings.stateDir());
        }
        if (advertised != null) {
            p.put(StreamsConfig.APPLICATION_SERVER_CONFIG, advertised.host() + ":" + advertised.port());
        }
        p.putAll(settings.streamsOverrides());
        return p;
    }

    private OpsServer.Health health() {
        KafkaStreams ks = streams;
        KafkaStreams.State state = ks == null ? null : ks.state();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("kafkaStreams", state == null ? "NOT_CREATED" : state.name());
        details.put("applicationId", settings.applicationId());
        details.put("goldPreference", settings.goldPreference().settingValue());
        return new OpsServer.Health(state != null && state.isRunningOrRebalancing(), details);
    }

    /** The bound HTTP port (useful with {@code http.port=0}). */
    public int httpPort() {
        return ops.port();
    }

    /** The Kafka Streams state, for callers that wait for RUNNING. */
    public KafkaStreams.State streamsState() {
        KafkaStreams ks = streams;
        return ks == null ? KafkaStreams.State.CREATED : ks.state();
    }

    /** Blocks until {@link #close()} is called or stream processing fails; returns true when it failed. */
    public boolean awaitTermination() throws InterruptedException {
        terminated.await();
        return failed;
    }

    /** Stops stream processing (committing its work), then the HTTP server. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        KafkaStreams ks = streams;
        if (ks != null) {
            ks.close(CLOSE_TIMEOUT);
        }
        if (workers != null) {
            workers.close();
        }
        if (streamsMetrics != null) {
            streamsMetrics.close();
        }
        ops.close();
        terminated.countDown();
        log.info("scorer stopped");
    }

    public static void main(String[] args) throws InterruptedException {
        ScorerService service = start(Config.fromEnvironment());
        Runtime.getRuntime().addShutdownHook(new Thread(service::close, "scorer-shutdown"));
        boolean failedRun = service.awaitTermination();
        service.close();
        if (failedRun) {
            System.exit(1);
        }
    }
}
