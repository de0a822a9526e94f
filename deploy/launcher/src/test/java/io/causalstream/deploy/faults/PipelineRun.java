package io.causalstream.deploy.faults;

import io.causalstream.deploy.demo.SampleData;
import io.causalstream.deploy.local.KafkaBrokerProcess;
import io.causalstream.deploy.local.LocalLayout;
import io.causalstream.elo.app.EloService;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.RegistryAdmin;
import io.causalstream.runtime.TopicSetup;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.testkit.ServiceProcess;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of the whole pipeline on a broker of its own, for the fault tests: a real broker process (restartable on
 * its port and data directory), the registry (shared, or one of its own with kafkasql storage on this broker, so it
 * can be stopped and started), the three services (in this JVM, or as child JVMs that can be SIGKILLed), a paced
 * publisher of fixed inputs and a watcher that reads every output and dead-letter topic from the beginning.
 *
 * <p>Every run publishes the same bytes-for-bytes inputs on a fresh broker, so its outputs can be compared key by
 * key with those of an undisturbed run: {@link Outputs}.
 */
final class PipelineRun implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PipelineRun.class);
    /** Every input carries this time, so the inputs of two runs are the same records. */
    static final Instant INPUT_TIME = Instant.parse("2026-01-01T00:00:00Z");
    static final Duration SERVICE_START = Duration.ofSeconds(120);

    enum Service {
        EXTRACTOR(ExtractorService.class.getName()),
        SCORER(ScorerService.class.getName()),
        ELO(EloService.class.getName());

        final String mainClass;

        Service(String mainClass) {
            this.mainClass = mainClass;
        }

        String applicationId() {
            return "faults-" + name().toLowerCase();
        }
    }

    /** The fixed inputs: the bundled sample (20 passages, their 200 annotations, 900 judgments), time fixed. */
    record Inputs(List<Passage> passages, List<Extraction> annotations, List<Judgment> judgments) {

        static Inputs sample() {
            SampleData s = SampleData.load();
            return new Inputs(
                    s.passages().stream().map(p -> Passage.newBuilder(p).setPublishedAt(INPUT_TIME).build()).toList(),
                    s.annotations().stream().map(a -> Extraction.newBuilder(a).setCreatedAt(INPUT_TIME).build())
                            .toList(),
                    s.judgments().stream().map(j -> Judgment.newBuilder(j).setTime(INPUT_TIME).build()).toList());
        }
    }

    private final Path dir;
    private final Inputs inputs;
    private final int brokerPort = LocalPorts.pickFree();
    private final int controllerPort = LocalPorts.pickFree();
    private final Map<Service, Integer> httpPorts = new EnumMap<>(Service.class);
    private final Map<Service, AutoCloseable> inProcess = new EnumMap<>(Service.class);
    private final Map<Service, ServiceProcess> children = new EnumMap<>(Service.class);
    private final Set<Service> asChildren;
    private final Map<String, String> extraSettings;
    private final boolean ownRegistry;
    private final int registryPort = LocalPorts.pickFree();
    private KafkaBrokerProcess broker;
    private SchemaRegistryProcess registry;
    private final String registryUrl;
    private final Watcher watcher;
    private final AtomicInteger publishedPhase = new AtomicInteger(-1);
    private Thread publisher;
    private volatile Throwable publisherFailure;

    /**
     * Starts a broker, the registry when {@code sharedRegistryUrl} is null, and the watcher; the services start with
     * {@link #startServices()}. {@code asChildren}: the services run as child JVMs (to be killed).
     */
    PipelineRun(Path dir, Inputs inputs, String sharedRegistryUrl, Set<Service> asChildren,
                Map<String, String> extraSettings) {
        this.dir = dir;
        this.inputs = inputs;
        this.asChildren = Set.copyOf(asChildren);
        this.extraSettings = Map.copyOf(extraSettings);
        this.ownRegistry = sharedRegistryUrl == null;
        startBroker();
        TopicSetup.createAll(bootstrapServers(), 1, (short) 1);
        if (ownRegistry) {
            startRegistry();
            registryUrl = registry.url();
            new RegistryAdmin(registryUrl).requireBackwardCompatibility();
        } else {
            registryUrl = sharedRegistryUrl;
        }
        for (Service s : Service.values()) {
            httpPorts.put(s, LocalPorts.pickFree());
        }
        watcher = new Watcher(bootstrapServers(), new AvroSerdes(registryUrl));
    }

    String bootstrapServers() {
        return "127.0.0.1:" + brokerPort;
    }

    void startBroker() {
        broker = KafkaBrokerProcess.start(LocalLayout.brokerClasspath(), dir.resolve("broker"), brokerPort,
                controllerPort);
    }

    /** Stops the broker gracefully (SIGTERM, as a rolling restart or a node drain would). */
    void stopBroker() {
        broker.close();
    }

    void startRegistry() {
        Path archive = LocalLayout.registryArchive();
        registry = SchemaRegistryProcess.start(archive, SchemaRegistryProcess.defaultInstallDir(archive), registryPort,
                dir.resolve("registry.log"), Map.of("apicurio.storage.kind", "kafkasql",
                        "apicurio.kafkasql.bootstrap.servers", bootstrapServers()));
    }

    void stopRegistry() {
        if (!ownRegistry) {
            throw new IllegalStateException("the shared registry is not this run's to stop");
        }
        registry.close();
        registry = null;
    }

    void startServices() {
        for (Service s : Service.values()) {
            startService(s);
        }
        for (ServiceProcess child : children.values()) {
            child.awaitReady(SERVICE_START);
        }
    }

    private void startService(Service s) {
        Map<String, String> settings = settings(s);
        if (asChildren.contains(s)) {
            children.put(s, ServiceProcess.start(s.mainClass, settings, dir.resolve(s.applicationId() + ".log")));
            return;
        }
        Config config = Config.of(settings);
        try {
            inProcess.put(s, switch (s) {
                case EXTRACTOR -> ExtractorService.start(config);
                case SCORER -> ScorerService.start(config);
                case ELO -> EloService.start(config);
            });
        } catch (Exception e) {
            throw new IllegalStateException("cannot start " + s, e);
        }
    }

    /** SIGKILL to a child service, then the same service started again on its state directory and port. */
    void killAndRestart(Service s) {
        ServiceProcess child = children.get(s);
        if (child == null) {
            throw new IllegalStateException(s + " does not run as a child process in this run");
        }
        child.kill();
        log.info("{} killed (SIGKILL, pid {}); restarting it", s, child.pid());
        ServiceProcess restarted = ServiceProcess.start(s.mainClass, settings(s), child.log());
        children.put(s, restarted);
        restarted.awaitReady(SERVICE_START);
    }

    private Map<String, String> settings(Service s) {
        Map<String, String> m = new HashMap<>();
        m.put(Config.BOOTSTRAP_SERVERS, bootstrapServers());
        m.put(Config.SCHEMA_REGISTRY_URL, registryUrl);
        m.put("application.id", s.applicationId());
        m.put("state.dir", dir.resolve("state").resolve(s.applicationId()).toString());
        m.put("http.host", "127.0.0.1");
        m.put("http.port", String.valueOf(httpPorts.get(s)));
        m.put("http.advertised.host", "127.0.0.1");
        // the rules backend: fast and deterministic (the trained model is the subject of other tests)
        m.put("extractor.backend", "rules");
        m.put("extractor.retry.backoff.ms", "200");
        m.put("elo.bt.refit.interval.ms", "200");
        m.put("kafka.streams.commit.interval.ms", "100");
        // a killed member leaves its group after 6 s, not the default 45 s
        m.put("kafka.streams.session.timeout.ms", "6000");
        m.put("kafka.streams.heartbeat.interval.ms", "1000");
        m.put("kafka.consumer.session.timeout.ms", "6000");
        m.put("kafka.consumer.heartbeat.interval.ms", "1000");
        m.putAll(extraSettings);
        return m;
    }

    /**
     * Publishes the inputs in a background thread, serialized up front (so the publisher never needs the registry
     * while it is down) and paced (about 8 s in all) so that a fault lands while the services are working: the 20
     * passages one by one, then the annotations ten at a time (every player known before the first judgment, as
     * the sample publisher does), then the judgments thirty at a time. {@link #publishedPhase()} tells how far it
     * got: 0 passages, 1 annotations, 2 judgments, 3 done.
     */
    void publishInBackground() {
        AvroSerdes serdes = new AvroSerdes(registryUrl);
        List<List<List<ProducerRecord<byte[], byte[]>>>> phases = List.of(
                batches(serdes, Topics.PASSAGES, inputs.passages(), p -> p.getId().toString(), 1),
                batches(serdes, Topics.EXTRACTIONS, inputs.annotations(), a -> a.getPassageId().toString(), 10),
                batches(serdes, Topics.JUDGMENTS, inputs.judgments(), j -> j.getPassageId().toString(), 30));
        Map<String, Object> props = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 5);
        publisher = Thread.ofPlatform().name("faults-publisher").start(() -> {
            try (var producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
                long[] pause = {150, 100, 100};
                for (int phase = 0; phase < phases.size(); phase++) {
                    publishedPhase.set(phase);
                    for (List<ProducerRecord<byte[], byte[]>> batch : phases.get(phase)) {
                        batch.forEach(producer::send);
                        producer.flush();
                        Thread.sleep(pause[phase]);
                    }
                }
                publishedPhase.set(3);
            } catch (Throwable t) {
                publisherFailure = t;
            }
        });
    }

    int publishedPhase() {
        return publishedPhase.get();
    }

    void awaitPublished(Duration timeout) throws InterruptedException {
        publisher.join(timeout);
        if (publisherFailure != null) {
            throw new AssertionError("publishing the inputs failed", publisherFailure);
        }
        if (publisher.isAlive()) {
            throw new AssertionError("the inputs were not all published within " + timeout);
        }
    }

    private static <V extends SpecificRecord> List<List<ProducerRecord<byte[], byte[]>>> batches(
            AvroSerdes serdes, Topic<V> topic, List<V> records, Function<V, String> key, int size) {
        var serializer = serdes.valueSerializer(topic);
        List<List<ProducerRecord<byte[], byte[]>>> out = new ArrayList<>();
        for (int i = 0; i < records.size(); i += size) {
            List<ProducerRecord<byte[], byte[]>> batch = new ArrayList<>();
            for (V r : records.subList(i, Math.min(records.size(), i + size))) {
                batch.add(new ProducerRecord<>(topic.name(), key.apply(r).getBytes(StandardCharsets.UTF_8),
                        serializer.serialize(topic.name(), r)));
            }
            out.add(batch);
        }
        return out;
    }

    /** How far {@code s} got, read from its committed outputs: rules extractions, scored graphs, judgments counted. */
    long progress(Service s) {
        Outputs o = watcher.snapshot();
        return switch (s) {
            case EXTRACTOR -> o.extractions().keySet().stream().filter(k -> k.endsWith("|" + RULES_ID)).count();
            case SCORER -> o.scoredGraphs().size();
            case ELO -> o.judgmentsCounted();
        };
    }

    /** Waits until {@code s} has made at least {@code atLeast} progress; returns the progress seen. */
    long awaitProgress(Service s, long atLeast, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long p = progress(s);
        while (p < atLeast) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(s + " made " + p + " progress in " + timeout + ", not " + atLeast);
            }
            Thread.sleep(100);
            p = progress(s);
        }
        return p;
    }

    /**
     * The outputs once they are settled: {@code done} holds for them and no output or dead-letter topic received a
     * record for {@code quiet}; or, after {@code timeout}, whatever there is (the caller's assertion then shows the
     * difference).
     */
    Outputs settledOutputs(Predicate<Outputs> done, Duration quiet, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Outputs o = watcher.snapshot();
            if (done.test(o) && watcher.quietFor().compareTo(quiet) >= 0) {
                return o;
            }
            Thread.sleep(250);
        }
        log.warn("outputs did not settle within {}", timeout);
        return watcher.snapshot();
    }

    @Override
    public void close() {
        if (publisher != null) {
            publisher.interrupt();
        }
        for (ServiceProcess child : children.values()) {
            child.close();
        }
        for (AutoCloseable service : inProcess.values()) {
            try {
                service.close();
            } catch (Exception e) {
                log.warn("closing a service failed", e);
            }
        }
        watcher.close();
        if (registry != null) {
            registry.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    static final String RULES_ID = "rules-v1";

    /**
     * The outputs of a run, canonical: the last record per key of {@code extractions} and {@code scored-graphs}
     * (key: passage and annotation id) and of {@code ratings} (key: passage), each as Avro's JSON text with the
     * fields that legitimately differ between two correct runs blanked: {@code Extraction.createdAt} and
     * {@code latencyMs} (when the extractor ran it, how long it took), {@code ScoredGraph.scoredAt} (when),
     * {@code Tournament.updatedAt} (a record time: an annotation's arrival time sets it) and the order of a
     * tournament's players (the order in which annotations arrived; sorted by annotation id here). Everything else,
     * every count, Elo, Bradley-Terry score and interval, edge, stage verdict and soft F1, must be equal. Also the
     * dead letters: topic and key of every record on a {@code .dlq} topic.
     */
    record Outputs(Map<String, String> extractions, Map<String, String> scoredGraphs, Map<String, String> ratings,
                   long judgmentsCounted, List<String> deadLetters) {

        Map<String, Map<String, String>> byTopic() {
            return Map.of(Topics.EXTRACTIONS.name(), extractions, Topics.SCORED_GRAPHS.name(), scoredGraphs,
                    Topics.RATINGS.name(), ratings);
        }

        /** The keys whose canonical records differ from {@code other}'s, per topic, for an assertion message. */
        String differences(Outputs other) {
            StringBuilder out = new StringBuilder();
            byTopic().forEach((topic, mine) -> {
                Map<String, String> theirs = other.byTopic().get(topic);
                Set<String> keys = new TreeSet<>(mine.keySet());
                keys.addAll(theirs.keySet());
                List<String> differing = keys.stream().filter(k -> !java.util.Objects.equals(mine.get(k),
                        theirs.get(k))).toList();
                if (!differing.isEmpty()) {
                    out.append(topic).append(": ").append(differing.size()).append(" keys differ, e.g. ")
                            .append(differing.getFirst()).append("\n  this:  ").append(mine.get(differing.getFirst()))
                            .append("\n  other: ").append(theirs.get(differing.getFirst())).append('\n');
                }
            });
            if (!deadLetters.equals(other.deadLetters)) {
                out.append("dead letters: ").append(deadLetters).append(" vs ").append(other.deadLetters);
            }
            return out.toString();
        }

        /** Without the dead letters and the judgment count (both derived), for equality of what was published. */
        boolean sameRecords(Outputs other) {
            return byTopic().equals(other.byTopic()) && deadLetters.equals(other.deadLetters);
        }
    }

    /** Reads the output and dead-letter topics (read_committed) from the beginning, in a thread of its own. */
    private static final class Watcher implements AutoCloseable {

        private static final Pattern TOPICS = Pattern.compile(Pattern.quote(Topics.EXTRACTIONS.name()) + "|"
                + Pattern.quote(Topics.SCORED_GRAPHS.name()) + "|" + Pattern.quote(Topics.RATINGS.name())
                + "|.*\\.dlq");

        private final List<ConsumerRecord<String, byte[]>> records = new CopyOnWriteArrayList<>();
        private final AtomicLong lastRecordNanos = new AtomicLong(System.nanoTime());
        private final Thread thread;
        private volatile boolean running = true;
        private final Deserializer<Extraction> extractions;
        private final Deserializer<ScoredGraph> scoredGraphs;
        private final Deserializer<Tournament> ratings;
        // decoded so far (the registry may be down while records arrive: decoded when asked, once)
        private final List<Object> decoded = new ArrayList<>();

        Watcher(String bootstrap, AvroSerdes serdes) {
            extractions = serdes.valueDeserializer(Topics.EXTRACTIONS);
            scoredGraphs = serdes.valueDeserializer(Topics.SCORED_GRAPHS);
            ratings = serdes.valueDeserializer(Topics.RATINGS);
            Map<String, Object> props = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                    ConsumerConfig.GROUP_ID_CONFIG, "faults-watcher-" + java.util.UUID.randomUUID(),
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                    ConsumerConfig.METADATA_MAX_AGE_CONFIG, 2000);
            thread = Thread.ofPlatform().name("faults-watcher").daemon().start(() -> {
                try (var consumer = new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
                    consumer.subscribe(TOPICS);
                    while (running) {
                        var polled = consumer.poll(Duration.ofMillis(200));
                        if (!polled.isEmpty()) {
                            polled.forEach(records::add);
                            lastRecordNanos.set(System.nanoTime());
                        }
                    }
                } catch (org.apache.kafka.common.errors.InterruptException e) {
                    // closing
                }
            });
        }

        Duration quietFor() {
            return Duration.ofNanos(System.nanoTime() - lastRecordNanos.get());
        }

        synchronized Outputs snapshot() {
            for (int i = decoded.size(); i < records.size(); i++) {
                ConsumerRecord<String, byte[]> r = records.get(i);
                decoded.add(r.topic().endsWith(".dlq") || r.value() == null ? null : decode(r));
            }
            Map<String, String> ex = new TreeMap<>();
            Map<String, String> sg = new TreeMap<>();
            Map<String, String> rt = new TreeMap<>();
            Map<String, Long> counted = new HashMap<>();
            List<String> dead = new ArrayList<>();
            for (int i = 0; i < decoded.size(); i++) {
                ConsumerRecord<String, byte[]> r = records.get(i);
                Object v = decoded.get(i);
                if (r.topic().endsWith(".dlq")) {
                    dead.add(r.topic() + "/" + r.key());
                } else if (v instanceof Extraction e) {
                    ex.put(e.getPassageId() + "|" + e.getAnnotationId(), Extraction.newBuilder(e)
                            .setCreatedAt(Instant.EPOCH).setLatencyMs(null).build().toString());
                } else if (v instanceof ScoredGraph g) {
                    sg.put(g.getPassageId() + "|" + g.getAnnotationId(), ScoredGraph.newBuilder(g)
                            .setScoredAt(Instant.EPOCH).build().toString());
                } else if (v instanceof Tournament t) {
                    List<Player> players = new ArrayList<>(t.getPlayers());
                    players.sort(Comparator.comparing(p -> p.getAnnotationId().toString()));
                    rt.put(r.key(), Tournament.newBuilder(t).setPlayers(players).setUpdatedAt(Instant.EPOCH).build()
                            .toString());
                    counted.put(r.key(), t.getJudgmentsApplied());
                }
            }
            dead.sort(null);
            return new Outputs(ex, sg, rt, counted.values().stream().mapToLong(Long::longValue).sum(), dead);
        }

        private Object decode(ConsumerRecord<String, byte[]> r) {
            if (r.topic().equals(Topics.EXTRACTIONS.name())) {
                return extractions.deserialize(r.topic(), r.value());
            }
            if (r.topic().equals(Topics.SCORED_GRAPHS.name())) {
                return scoredGraphs.deserialize(r.topic(), r.value());
            }
            return ratings.deserialize(r.topic(), r.value());
        }

        @Override
        public void close() {
            running = false;
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
