package io.causalstream.deploy;

import io.causalstream.deploy.demo.DemoSummary;
import io.causalstream.deploy.demo.SampleData;
import io.causalstream.deploy.demo.SamplePublisher;
import io.causalstream.deploy.local.ChildPidFiles;
import io.causalstream.deploy.local.KafkaBrokerProcess;
import io.causalstream.deploy.local.LocalLayout;
import io.causalstream.elo.app.EloService;
import io.causalstream.elo.app.EloSettings;
import io.causalstream.elo.app.PipelineSettings;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.extractor.app.ExtractorSettings;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.Config;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.scorer.app.ScorerSettings;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.runtime.RegistryAdmin;
import io.causalstream.runtime.TopicSetup;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The local runtime in one command: a real KRaft Kafka broker and a real schema registry (child processes, from
 * Maven Central artifacts), the topics, the three services (in this JVM), and the bundled sample. Ctrl-C stops
 * everything it started.
 */
@Command(name = "run-local", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts Kafka, the schema registry and the three causal-stream services on this machine, "
                + "publishes the bundled sample (20 passages, 10 annotations each, 900 human judgments) and serves "
                + "until Ctrl-C.")
public final class LocalLauncher implements Callable<Integer> {

    /** The command line running this command, so errors print the usage as the user called it. */
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--data-dir", defaultValue = "run/local",
            description = "Broker data, service state and logs (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--fresh", description = "Delete the data dir first: start from empty topics and state.")
    boolean fresh;

    @Option(names = "--kafka-port", defaultValue = "9092", description = "Broker port (default: ${DEFAULT-VALUE}).")
    int kafkaPort;

    @Option(names = "--controller-port", defaultValue = "9093",
            description = "KRaft controller port (default: ${DEFAULT-VALUE}).")
    int controllerPort;

    @Option(names = "--registry-port", defaultValue = "8085",
            description = "Schema registry port (default: ${DEFAULT-VALUE}).")
    int registryPort;

    @Option(names = "--elo-port", defaultValue = "7070", description = "Elo service HTTP port (default: ${DEFAULT-VALUE}).")
    int eloPort;

    @Option(names = "--extractor-port", defaultValue = "7071",
            description = "Extractor service HTTP port (default: ${DEFAULT-VALUE}).")
    int extractorPort;

    @Option(names = "--scorer-port", defaultValue = "7072",
            description = "Scorer service HTTP port (default: ${DEFAULT-VALUE}).")
    int scorerPort;

    @Option(names = "--partitions", defaultValue = "3",
            description = "Partitions per topic when creating topics (default: ${DEFAULT-VALUE}).")
    int partitions;

    @Option(names = "--elo-ties", defaultValue = "skip",
            description = "Tie policy of the Elo service: skip (as the authors' released code, reproduces the "
                    + "published table) or half (0.5 each, as the paper's text). Default: ${DEFAULT-VALUE}.")
    String eloTies;

    // the positive name: picocli sets a negatable option named "--no-x" with fallback "true" to true for "--no-x"
    @Option(names = "--sample", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Publish the bundled sample and print its summary (default: on); --no-sample starts "
                    + "everything and publishes nothing.")
    boolean sample;

    @Option(names = "--exit-after-sample",
            description = "Stop everything once the sample summary is printed (for scripted checks).")
    boolean exitAfterSample;

    private static final String BROKER = "Kafka broker";
    private static final String REGISTRY = "schema registry";

    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    private volatile List<DemoSummary.Row> sampleSummary = List.of();
    private final CountDownLatch stopped = new CountDownLatch(1);

    public static void main(String[] args) {
        // before the first logger exists: the services' own logback.xml files are for running them alone
        System.setProperty("logback.configurationFile", "logback-local.xml");
        System.exit(new CommandLine(new LocalLauncher()).execute(args));
    }

    /** The summary rows printed after the sample ran (empty before). */
    public List<DemoSummary.Row> sampleSummary() {
        return sampleSummary;
    }

    @Override
    public Integer call() throws Exception {
        Thread hook = new Thread(this::stopAll, "local-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return run(System.out);
        } finally {
            if (exitAfterSample) {
                stopAll();
                Runtime.getRuntime().removeShutdownHook(hook);
            }
        }
    }

    private int run(PrintStream out) throws Exception {
        // a previous run killed with kill -9 left its broker and registry running (own sessions): stop them first
        ChildPidFiles children = new ChildPidFiles(dataDir);
        for (String leftover : children.stopLeftovers()) {
            out.printf("stopped the %s left running by a previous run%n", leftover);
        }
        checkPorts();
        if (fresh) {
            deleteRecursively(dataDir);
        }
        Files.createDirectories(dataDir);
        out.printf("causal-stream local runtime, data in %s%n", dataDir.toAbsolutePath());

        KafkaBrokerProcess broker = KafkaBrokerProcess.start(LocalLayout.brokerClasspath(),
                dataDir.resolve("kafka"), kafkaPort, controllerPort);
        children.record(BROKER, broker.pid());
        track(() -> {
            broker.close();
            children.forget(BROKER);
        });
        out.printf("  Kafka broker (KRaft)   %s   pid %d%n", broker.bootstrapServers(), broker.pid());

        // schemas live in a Kafka topic (kafkasql storage), so they survive a restart like the records using them
        Path registryArchive = LocalLayout.registryArchive();
        SchemaRegistryProcess registry = SchemaRegistryProcess.start(registryArchive,
                SchemaRegistryProcess.defaultInstallDir(registryArchive), registryPort, dataDir.resolve("schema-registry.log"),
                Map.of("apicurio.storage.kind", "kafkasql",
                        "apicurio.kafkasql.bootstrap.servers", broker.bootstrapServers()));
        children.record(REGISTRY, registry.pid());
        track(() -> {
            registry.close();
            children.forget(REGISTRY);
        });
        new RegistryAdmin(registry.url()).requireBackwardCompatibility();
        out.printf("  schema registry        %s   (Confluent API: %s/apis/ccompat/v7)   pid %d%n", registry.url(),
                registry.url(), registry.pid());

        TopicSetup.createAll(broker.bootstrapServers(), partitions, (short) 1);

        Map<String, String> common = new HashMap<>();
        common.put(Config.BOOTSTRAP_SERVERS, broker.bootstrapServers());
        common.put(Config.SCHEMA_REGISTRY_URL, registry.url());
        ExtractorService extractor = track(ExtractorService.start(serviceConfig(common, "extractor", extractorPort,
                Map.of())));
        ScorerService scorer = track(ScorerService.start(serviceConfig(common, "scorer", scorerPort, Map.of())));
        // the local demo lets anyone rate under a name (elo.signin.open); ELO_SIGNIN_OPEN=false with ELO_RATERS
        // (deploy/causal-stream rater-token) tries the token sign-in instead
        // the dashboard's pipeline panels read the two other services' metrics and link to the scorer's pages
        EloService elo = track(EloService.start(serviceConfig(common, "elo", eloPort, Map.of("elo.ties", eloTies,
                "elo.signin.open", System.getenv().getOrDefault("ELO_SIGNIN_OPEN", "true"),
                PipelineSettings.EXTRACTOR_METRICS_URL, "http://localhost:" + extractor.httpPort() + "/metrics",
                PipelineSettings.SCORER_METRICS_URL, "http://localhost:" + scorer.httpPort() + "/metrics",
                PipelineSettings.SCORER_URL, "http://localhost:" + scorer.httpPort()))));
        out.printf("  extractor-service      http://localhost:%d/health  /metrics%n", extractor.httpPort());
        out.printf("  scorer-service         http://localhost:%d/health  /metrics%n", scorer.httpPort());
        out.printf("  elo-service            http://localhost:%d/health  /metrics  /api/passages/{id}/ratings%n",
                elo.httpPort());
        out.printf("  live dashboard         http://localhost:%d/dashboard%n", elo.httpPort());
        out.printf("  rater page             http://localhost:%d/rater%n", elo.httpPort());

        if (sample) {
            runSample(broker.bootstrapServers(), new AvroSerdes(registry.url()), elo.httpPort(), out);
        }
        if (exitAfterSample) {
            return 0;
        }
        out.println("\nServing. Press Ctrl-C to stop everything.");
        stopped.await();
        return 0;
    }

    private void runSample(String bootstrap, AvroSerdes serdes, int eloHttpPort, PrintStream out) {
        SampleData data = SampleData.load();
        out.printf("%nPublishing the sample: %d passages, %d annotations, %d judgments (Elo ties: %s)...%n",
                data.passages().size(), data.annotations().size(), data.judgments().size(), eloTies);
        // the sample's own annotations: any other scored graph of a sample passage is the extractor service's
        java.util.Set<String> sampleAnnotations = data.annotations().stream()
                .map(a -> a.getAnnotationId()).collect(java.util.stream.Collectors.toSet());
        // tracked, so a Ctrl-C while the sample runs stops its reader before the broker goes away
        try (DemoSummary summary = track(new DemoSummary(bootstrap, serdes, "http://localhost:" + eloHttpPort,
                sampleAnnotations))) {
            for (SamplePublisher.Published p : new SamplePublisher(bootstrap, serdes).publish(data)) {
                if (p.alreadyThere() > 0) {
                    out.printf("  %s: %d of the sample already there (not published again), %d published%n",
                            p.topic().name(), p.alreadyThere(), p.sent());
                }
            }
            var rows = summary.awaitSettled(data.passages().stream().map(Passage::getId).toList(),
                    List.of(ExtractorSettings.DEFAULT_APPLICATION_ID, ScorerSettings.DEFAULT_APPLICATION_ID,
                            EloSettings.DEFAULT_APPLICATION_ID),
                    Duration.ofSeconds(3), Duration.ofMinutes(5));
            DemoSummary.print(rows, data.publishedWinners(), out);
            sampleSummary = rows;
        }
    }

    private Config serviceConfig(Map<String, String> common, String name, int port, Map<String, String> extra) {
        Map<String, String> m = new HashMap<>(common);
        m.put(Config.HTTP_PORT, Integer.toString(port));
        m.put(Config.STATE_DIR, dataDir.resolve("state").resolve(name).toAbsolutePath().toString());
        m.putAll(extra);
        return Config.withOverrides(m);
    }

    private void checkPorts() {
        Map<Integer, String> ports = Map.of(kafkaPort, "Kafka broker", controllerPort, "Kafka controller",
                registryPort, "schema registry", eloPort, "elo-service", extractorPort, "extractor-service",
                scorerPort, "scorer-service");
        if (ports.size() < 6) {
            throw new CommandLine.ParameterException(spec.commandLine(), "two components were given the same port");
        }
        ports.forEach((port, what) -> LocalPorts.requireFree(port, what));
    }

    private <T extends AutoCloseable> T track(T component) {
        synchronized (started) {
            started.push(component);
        }
        return component;
    }

    /** Last started, first stopped: services before the registry, the registry before the broker. */
    private void stopAll() {
        synchronized (started) {
            while (!started.isEmpty()) {
                AutoCloseable c = started.pop();
                try {
                    c.close();
                } catch (Exception e) {
                    LoggerFactory.getLogger(LocalLauncher.class)
                            .warn("error while stopping {}: {}", c.getClass().getSimpleName(), e.toString());
                }
            }
        }
        stopped.countDown();
        System.out.println("causal-stream local runtime stopped.");
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
