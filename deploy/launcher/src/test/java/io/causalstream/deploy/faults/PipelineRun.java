package io.causalstream.deploy.faults;

import io.causalstream.deploy.demo.SampleData;
import io.causalstream.local.KafkaBrokerProcess;
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
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of the whole pipeline, for the fault tests: a real broker process (restartable on its port and data
 * directory; one per run), the registry (shared, or one of its own with kafkasql storage on this broker, so it
 * can be stopped and started), the three services (in this JVM, or as child JVMs that can be SIGKILLed), a paced
 * publisher of fixed inputs and a watcher that reads every output and dead-letter topic from the beginning.
 *
 * <p>Every run publishes the same inputs on a fresh broker, so its outputs can be compared key by
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
    private final String name;
    private final Inputs inputs;
    private final Broker broker;
    private final Map<Service, Integer> httpPorts = new EnumMap<>(Service.class);
    private final Map<Service, AutoCloseable> inProcess = new EnumMap<>(Service.class);
    private final Map<Service, ServiceProcess> children = new EnumMap<>(Service.class);
    private final Map<Service, Integer> supervisorRestarts = new EnumMap<>(Service.class);
    private Thread supervisor;
    private final Set<Service> asChildren;
    private final Map<String, String> extraSettings;
    private final boolean ownRegistry;
    private final int registryPort = LocalPorts.pickFree();
    private SchemaRegistryProcess registry;
    private final String registryUrl;
    private final Watcher watcher;
    private final AtomicInteger publishedPhase = new AtomicInteger(-1);
    private Thread publisher;
    private volatile Throwable publisherFailure;

    /**
     * A run on a broker of its own (in {@code dir/name}; nothing left over from another run can reach it), the
     * registry started when {@code sharedRegistryUrl} is null, the watcher started; the services start with
     * {@link #startServices()}. {@code asChildren}: the services run as child JVMs (to be killed).
     */
    PipelineRun(Path dir, String name, Inputs inputs, String sharedRegistryUrl,
                Set<Service> asChildren, Map<String, String> extraSettings) {
        this.dir = dir.resolve(name);
        this.broker = new Broker(this.dir.resolve("broker"));
        this.name = name;
        this.inputs = inputs;
        this.asChildren = Set.copyOf(asChildren);
        this.extraSettings = Map.copyOf(extraSettings);
        this.ownRegistry = sharedRegistryUrl == null;
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
        return broker.bootstrapServers();
    }

    /**
     * A real broker process (KRaft, broker and controller in one JVM) that can be stopped and started again on its
     * ports and data directory.
     */
    static final class Broker implements AutoCloseable {

        private final Path dataDir;
        private final int port = LocalPorts.pickFree();
        private final int controllerPort = LocalPorts.pickFree();
        private KafkaBrokerProcess process;

        Broker(Path dataDir) {
            this.dataDir = dataDir;
            start();
        }

        String bootstrapServers() {
            return "127.0.0.1:" + port;
        }

        void start() {
            process = KafkaBrokerProcess.start(LocalLayout.brokerClasspath(), dataDir, port, controllerPort);
        }

        /** Stops the broker gracefully (SIGTERM, as a rolling restart or a node drain would). */
        void stop() {
            process.close();
        }

        @Override
        public void close() {
            if (process != null) {
                process.close();
            }
        }
    }

    /** Stops the broker gracefully (SIGTERM, as a rolling restart or a node drain would). */
    void stopBroker() {
        broker.stop();
    }

    /** Starts the broker again on its port and data directory. */
    void startBroker() {
        broker.start();
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
        for (ServiceProcess child : List.copyOf(children.values())) {
            child.awaitReady(SERVICE_START);
        }
        supervisor = Thread.ofPlatform().name("faults-supervisor").daemon().start(this::supervise);
    }

    /**
     * Plays the supervisor (k8s {@code restartPolicy: Always}, compose {@code restart:}) for the child services: a
     * child that exits on its own (a service gives up and exits non-zero by design, e.g. after a registry outage
     * longer than its retry budget) is started again on its state. {@link #supervisorRestarts()} counts them.
     */
    private void supervise() {
        while (!Thread.currentThread().isInterrupted()) {
            synchronized (children) {
                children.forEach((s, child) -> {
                    if (!child.isAlive()) {
                        log.warn("{} exited on its own with {}; the supervisor starts it again", s, child.exitValue());
                        supervisorRestarts.merge(s, 1, Integer::sum);
                        children.put(s, ServiceProcess.start(s.mainClass, settings(s), child.log()));
                    }
                });
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Child services that exited on their own and were started again, per service. */
    Map<Service, Integer> supervisorRestarts() {
        synchronized (children) {
            return Map.copyOf(supervisorRestarts);
        }
    }

    private void startService(Service s) {
        Map<String, String> settings = settings(s);
        if (asChildren.contains(s)) {
            children.put(s, ServiceProcess.start(s.mainClass, settings, dir.resolve(applicationId(s) + ".log")));
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
        ServiceProcess restarted;
        synchronized (children) {
            ServiceProcess child = children.get(s);
            if (child == null) {
                throw new IllegalStateException(s + " does not run as a child process in this run");
            }
            child.kill();
            log.info("{} killed (SIGKILL, pid {}); restarting it", s, child.pid());
            restarted = ServiceProcess.start(s.mainClass, settings(s), child.log());
            children.put(s, restarted);
        }
        restarted.awaitReady(SERVICE_START);
    }

    private String applicationId(Service s) {
        return "faults-" + name + "-" + s.name().toLowerCase();
    }

    private Map<String, String> settings(Service s) {
        Map<String, String> m = new HashMap<>();
        m.put(Config.BOOTSTRAP_SERVERS, bootstrapServers());
        m.put(Config.SCHEMA_REGISTRY_URL, registryUrl);
        m.put("application.id", applicationId(s));
        m.put("state.dir", dir.resolve("state").resolve(applicationId(s)).toString());
        m.put("http.host", "127.0.0.1");
        m.put("http.port", String.valueOf(httpPorts.get(s)));
        m.put("http.advertised.host", "127.0.0.1");
        // the rules backend: fast and deterministic (the trained model is the subject of other tests)
        m.put("extractor.backend", "rules");
        m.put("extractor.retry.backoff.ms", "200");
        // the scorer's lexical validation stages (grounding, normalisation, evidence, cue verification): deterministic,
        // no encoder or CESAR model to load in every run
        m.put("validation.neural", "false");
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

    /** The phases of publishing, in order; {@link #publishedPhase()} is the one under way. */
    enum Phase { PASSAGES, ANNOTATIONS, JUDGMENTS, DONE }

    /**
     * Publishes the inputs in a background thread, serialized up front (so the publisher never needs the registry
     * while it is down): the 20 passages one by one, then the annotations ten at a time (every player known before
     * the first judgment, as the sample publisher does), then the judgments thirty at a time. The {@code slow}
     * phase is paced (about 12 s) so that a fault lands while its records keep arriving; the others go at once.
     */
    void publishInBackground(Phase slow) {
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
                for (int phase = 0; phase < phases.size(); phase++) {
                    publishedPhase.set(phase);
                    List<List<ProducerRecord<byte[], byte[]>>> batches = phases.get(phase);
                    long pause = phase == slow.ordinal() ? 12_000 / batches.size() : 0;
                    for (List<ProducerRecord<byte[], byte[]>> batch : batches) {
                        batch.forEach(producer::send);
                        producer.flush();
                        Thread.sleep(pause);
                    }
                }
                publishedPhase.set(Phase.DONE.ordinal());
            } catch (Throwable t) {
                publisherFailure = t;
            }
        });
    }

    Phase publishedPhase() {
        int p = publishedPhase.get();
        return p < 0 ? Phase.PASSAGES : Phase.values()[p];
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
    Outputs settledOutputs(Predicate<Outputs> done, Outputs reference, Duration quiet, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long nextReport = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Outputs o = watcher.snapshot();
            if (done.test(o) && watcher.quietFor().compareTo(quiet) >= 0) {
                return o;
            }
            if (reference != null && System.nanoTime() > nextReport) {
                nextReport = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                log.info("{}: not settled yet; {} judgments counted; differences so far:\n{}", name,
                        o.judgmentsCounted(), o.differences(reference));
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
        if (supervisor != null) {
            supervisor.interrupt();
            try {
                supervisor.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (children) {
            children.values().forEach(ServiceProcess::close);
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
        broker.close();
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

        /** The outputs and every dead-letter topic, one partition each (TopicSetup with 1 partition). */
        private static final List<TopicPartition> PARTITIONS = java.util.stream.Stream.concat(
                        java.util.stream.Stream.of(Topics.EXTRACTIONS.name(), Topics.SCORED_GRAPHS.name(),
                                Topics.RATINGS.name()),
                        Topics.INPUTS.stream().map(Topic::deadLetterTopic))
                .map(t -> new TopicPartition(t, 0)).toList();

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
            // assigned, not subscribed: no group to join, it reads from the first record on
            Map<String, Object> props = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                    ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            thread = Thread.ofPlatform().name("faults-watcher").daemon().start(() -> {
                try (var consumer = new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
                    consumer.assign(PARTITIONS);
                    consumer.seekToBeginning(PARTITIONS);
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
