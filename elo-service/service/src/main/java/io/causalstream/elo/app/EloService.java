package io.causalstream.elo.app;

import io.causalstream.elo.api.JudgmentIntake;
import io.causalstream.elo.api.NextPairs;
import io.causalstream.elo.api.RaterApi;
import io.causalstream.elo.api.RatingsApi;
import io.causalstream.elo.api.StoreQueries;
import io.causalstream.elo.live.LiveFeed;
import io.causalstream.elo.live.PipelineMonitor;
import io.causalstream.runtime.RecordPublisher;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.elo.rater.PairTickets;
import io.causalstream.runtime.access.RateLimiter;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.runtime.access.SignedSessions;
import io.causalstream.runtime.access.Signer;
import io.causalstream.elo.topology.EloTopology;
import io.causalstream.elo.web.EloPages;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.runtime.OpsServer;
import io.causalstream.runtime.ServiceRunner;
import io.causalstream.runtime.ServiceSkeleton;
import io.causalstream.runtime.StreamsWatch;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.PeerSecret;
import io.causalstream.runtime.web.Peers;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.topics.Topics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Elo service: per-passage Elo and Bradley-Terry tournaments from human judgments (Kafka Streams), the HTTP API
 * with interactive queries routed across instances, the rater page and the live dashboard, {@code /health} and
 * {@code /metrics}.
 *
 * <p>Start order matters: the HTTP server binds first, because its port is this instance's
 * {@code application.server}, which Kafka Streams needs before it starts.
 */
public final class EloService implements ServiceRunner.Service {

    private static final Logger log = LoggerFactory.getLogger(EloService.class);
    private static final String NAME = "elo-service";
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final EloSettings settings;
    private final ServiceSkeleton skeleton;
    private final OpsServer ops;
    private final StreamsWatch watch = new StreamsWatch();
    private final HttpClient http;
    private volatile StoreQueries queries;
    private PipelineMonitor pipelineMonitor;

    private EloService(EloSettings settings) {
        this.settings = settings;
        this.skeleton = new ServiceSkeleton(NAME, settings.common(), this::live, this::ready);
        this.ops = skeleton.ops();
        this.http = skeleton.own(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build());
    }

    /** Starts the HTTP server and the stream processing; returns once both are started (not yet RUNNING). */
    public static EloService start(Config config) {
        return ServiceSkeleton.start(new EloService(EloSettings.from(config)), EloService::startAll);
    }

    private void startAll() {
        AvroSerdes serdes = KafkaClients.serdes(settings.common());
        RaterSettings raters = settings.raters();
        PairTickets tickets = new PairTickets(new Signer(raters.access().sessionSecret()), raters.ticketTtl(),
                Clock.systemUTC());
        RateLimiter limit = new RateLimiter(raters.judgmentsPerMinute(), raters.judgmentsBurst(),
                Clock.systemUTC());
        RecordPublisher<Judgment> publisher = skeleton.own(new RecordPublisher<>(
                KafkaClients.properties(settings.common()), Topics.JUDGMENTS,
                serdes.failFastValueSerializer(Topics.JUDGMENTS), NAME + "-rater-page", settings.producerOverrides()));
        LiveFeed liveFeed = skeleton.own(new LiveFeed(KafkaClients.properties(settings.common()), serdes,
                settings.consumerOverrides(), settings.liveInterval()));
        // instances show each other a credential derived from the shared secret (the internal endpoints ask for it)
        Peers peers = new Peers(http, PeerSecret.of(raters.access().sessionSecret()));
        SessionEndpoints access = SessionEndpoints.of(raters.access(), RaterApi.RATERS, peers,
                () -> StoreQueries.others(queries), Clock.systemUTC());
        SignedSessions sessions = access.sessions();
        new HttpSecurity(raters.access().allowedOrigins()).register(ops.app());
        new RatingsApi(() -> queries, peers).register(ops.app());
        new RaterApi(access, new NextPairs(() -> queries, peers, tickets, settings.eloInitial()),
                new JudgmentIntake(tickets, limit, publisher, JudgmentIntake.stores(() -> queries), Clock.systemUTC()))
                .register(ops.app());
        new EloPages().register(ops.app());
        ops.app().sse("/api/live", liveFeed::connect);
        ops.app().get("/api/pipeline", ctx -> {
            PipelineMonitor m = pipelineMonitor;
            String figures = m == null ? null : m.latest();
            if (figures == null) {
                ctx.status(503).json(Map.of("error", settings.pipeline().enabled()
                        ? "the pipeline figures are not gathered yet" : "elo.pipeline.interval.ms is 0"));
            } else {
                ctx.contentType("application/json").result(figures);
            }
        });
        ops.start(settings.httpHost(), settings.httpPort());
        HostInfo self = new HostInfo(settings.advertisedHost(), ops.port());

        JudgmentMeters meters = new JudgmentMeters(ops.meters());
        Topology topology = EloTopology.build(settings.topology(), serdes, meters);
        var props = settings.streamsProperties(self.host() + ":" + self.port(), meters);
        // every dead letter (annotations with a foreign owner included) in deadletters{topic, reason}
        props.put(io.causalstream.deadletter.DeadLetterExceptionHandler.METERS, ops.meters());
        KafkaStreams ks = new KafkaStreams(topology, props);
        watch.watch(ks);
        StoreQueries q = new StoreQueries(ks, self);
        queries = q;

        skeleton.own(new KafkaStreamsMetrics(ks)).bindTo(ops.meters());
        // owned after the publisher and the live feed, closed before them: the stream threads stop first
        skeleton.own(watch.closing(CLOSE_TIMEOUT));
        Gauge.builder("elo.tournaments", q, x -> x.localCountEstimate(EloTopology.TOURNAMENTS_STORE))
                .description("Approximate number of passage tournaments hosted by this instance")
                .register(ops.meters());
        for (String store : EloTopology.STORES) {
            Gauge.builder("elo.store.entries", q, x -> x.localCountEstimate(store))
                    .description("Approximate entries of a state store on this instance (RocksDB estimate)")
                    .tag("store", store)
                    .register(ops.meters());
        }

        ks.start();
        liveFeed.start();
        if (settings.pipeline().enabled()) {
            pipelineMonitor = skeleton.own(new PipelineMonitor(settings.pipeline(),
                    KafkaClients.properties(settings.common()), ops.meters()::scrape, liveFeed::pipeline).start());
        }
        if (sessions.openSignIn()) {
            log.warn("rater sign-in is open (elo.signin.open=true, demo mode): anyone may sign in with a name");
        } else if (!sessions.anyoneCanSignIn()) {
            log.warn("no rater can sign in: set elo.raters or elo.raters.file (deploy/causal-stream rater-token), "
                    + "or elo.signin.open=true for a demo");
        }
        if (!raters.access().secretConfigured()) {
            log.warn("elo.session.secret is not set: sessions and pair tickets are signed with a random key of this "
                    + "process, valid on this instance only and lost on restart");
        }
        log.info("{} started: http {}:{}, application.server {}:{}, {}", NAME, settings.httpHost(), ops.port(),
                self.host(), self.port(), settings);
    }

    /** The port the HTTP server is bound to (the real one when {@code http.port} is 0). */
    public int httpPort() {
        return ops.port();
    }

    /** The Kafka Streams state, e.g. to wait for RUNNING. */
    public KafkaStreams.State streamsState() {
        return watch.state();
    }

    public EloSettings settings() {
        return settings;
    }

    private OpsServer.Health live() {
        return watch.liveness(Map.of("streams", watch.state().name()));
    }

    private OpsServer.Health ready() {
        return new OpsServer.Health(watch.running(), Map.of("streams", watch.state().name()));
    }

    /** Stops stream processing (committing its work) and the HTTP server. Safe to call more than once. */
    @Override
    public void close() {
        try {
            skeleton.close();
        } finally {
            watch.stopped();
        }
    }

    /** Blocks until {@link #close()} has finished. */
    public void awaitClosed() throws InterruptedException {
        skeleton.awaitClosed();
    }

    /** Blocks until the service is closed or its stream processing fails; true when it failed. */
    @Override
    public boolean awaitTermination() throws InterruptedException {
        return watch.awaitTermination();
    }

    public static void main(String[] args) throws InterruptedException {
        ServiceRunner.runMain(NAME, () -> start(Config.fromEnvironment()));
    }
}
