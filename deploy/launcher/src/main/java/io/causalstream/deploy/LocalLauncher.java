package io.causalstream.deploy;

import io.causalstream.deploy.demo.DemoSummary;
import io.causalstream.deploy.demo.SampleData;
import io.causalstream.deploy.demo.SamplePublisher;
import io.causalstream.deploy.graph.LocalGraphDb;
import io.causalstream.deploy.local.ChildPidFiles;
import io.causalstream.local.KafkaBrokerProcess;
import io.causalstream.local.LocalCredentials;
import io.causalstream.local.LocalTls;
import io.causalstream.deploy.local.HttpReach;
import io.causalstream.deploy.local.LocalSystem;
import io.causalstream.elo.app.EloService;
import io.causalstream.elo.app.EloSettings;
import io.causalstream.elo.live.PipelineSettings;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.extractor.app.ExtractorSettings;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.Config;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.scorer.app.ScorerSettings;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.runtime.RegistryAdmin;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.serde.SelfContainedSchemas;
import io.causalstream.runtime.ServiceAcls;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
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
 *
 * <p>Why this is long: nineteen options with their help text are a fifth of it; the rest is the one start sequence.
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

    @Option(names = "--secure",
            description = "Secure the broker: SASL (SCRAM-SHA-512) logins, ACLs (StandardAuthorizer), one user per "
                    + "service, one for the tools (config written to <data-dir>/cli.properties), one for the "
                    + "registry's storage; passwords random, kept in <data-dir>/credentials.properties (0600). "
                    + "Use it from the first start of a data dir (or with --fresh).")
    boolean secure;

    @Option(names = "--tls",
            description = "With --secure: TLS on the client listener (SASL_SSL) with a self-signed certificate for "
                    + "127.0.0.1 made by the JDK's keytool into <data-dir>/tls/; the clients get its trust store.")
    boolean tls;

    @Option(names = "--rotate-credentials",
            description = "With --secure: new passwords for the services, the tools and the registry (the admin "
                    + "keeps its own; a fresh data dir renews it).")
    boolean rotateCredentials;

    @Option(names = "--exit-after-sample",
            description = "Stop everything once the sample summary is printed (for scripted checks).")
    boolean exitAfterSample;

    @Option(names = "--graph-db",
            description = "Also start Neo4j and a Kafka Connect worker running the graph sink: scored-graphs and "
                    + "causal-maps land in Neo4j (Bolt and HTTP on 127.0.0.1), the summary prints what it holds. "
                    + "Adds about 30 s to the start.")
    boolean graphDb;

    @Option(names = "--neo4j-bolt-port", defaultValue = "7687",
            description = "With --graph-db: Neo4j Bolt port (default: ${DEFAULT-VALUE}).")
    int neo4jBoltPort;

    @Option(names = "--neo4j-http-port", defaultValue = "7474",
            description = "With --graph-db: Neo4j HTTP port, its Query API (default: ${DEFAULT-VALUE}).")
    int neo4jHttpPort;

    @Option(names = "--connect-port", defaultValue = "8083",
            description = "With --graph-db: the Connect worker's REST port (default: ${DEFAULT-VALUE}).")
    int connectPort;

    private static final String NEO4J = "Neo4j";
    private static final String CONNECT = "Kafka Connect worker";

    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    private volatile List<DemoSummary.Row> sampleSummary = List.of();
    private volatile LocalGraphDb.Counts graphSummary;
    private LocalGraphDb graph;
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

    /** With --graph-db: what Neo4j held when the summary was printed (null before, or without --graph-db). */
    public LocalGraphDb.Counts graphSummary() {
        return graphSummary;
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

        checkGraphDbOptions();
        if ((rotateCredentials || tls) && !secure) {
            throw new CommandLine.ParameterException(spec.commandLine(), (tls ? "--tls" : "--rotate-credentials")
                    + " needs --secure");
        }
        if (secure && Files.exists(dataDir.resolve("kafka").resolve("kafka-logs").resolve("meta.properties"))
                && !Files.exists(dataDir.resolve(LocalCredentials.FILE))) {
            // the admin's SCRAM credential is written when the storage is formatted: too late for this data dir
            throw new CommandLine.ParameterException(spec.commandLine(), dataDir + " was started without --secure: "
                    + "add --fresh (deletes its topics) or use another --data-dir");
        }
        List<ServiceAcls.Rule> acls = ServiceAcls.all();
        LocalCredentials credentials = secure
                ? LocalCredentials.loadOrCreate(dataDir, ServiceAcls.users(acls), rotateCredentials) : null;
        if (tls) {
            credentials = credentials.withTls(LocalTls.loadOrCreate(dataDir));
        }
        // schemas live in a Kafka topic (kafkasql storage), so they survive a restart like the records using them
        LocalSystem system = track(LocalSystem.start(new LocalSystem.Settings(dataDir, kafkaPort, controllerPort,
                registryPort, partitions, credentials, acls, true), children));
        KafkaBrokerProcess broker = system.broker();
        SchemaRegistryProcess registry = system.registry();
        out.printf("  Kafka broker (KRaft)   %s   pid %d%s%n", broker.bootstrapServers(), broker.pid(),
                secure ? "   " + credentials.protocol() + ", SCRAM-SHA-512, ACLs" : "");
        if (secure) {
            out.printf("  credentials            %s (users: admin, %s)%n", credentials.file().toAbsolutePath(),
                    String.join(", ", credentials.users().keySet()));
        }
        new RegistryAdmin(registry.url()).requireBackwardCompatibility();
        // a data directory of an older version holds schemas with references, on which the serdes of this one
        // cannot register: give them self-contained versions first (nothing to do on a new registry)
        new SelfContainedSchemas(new AvroSerdes(registry.url())).run(true).stream()
                .filter(s -> s.outcome() == SelfContainedSchemas.Outcome.MOVED)
                .forEach(s -> out.println("  " + s.describe()));
        out.printf("  schema registry        %s   (Confluent API: %s/apis/ccompat/v7)   pid %d%n", registry.url(),
                registry.url(), registry.pid());
        if (graphDb) {
            startGraphDb(broker.bootstrapServers(), registry.url(), children, out);
        }

        Map<String, String> common = new HashMap<>();
        common.put(Config.BOOTSTRAP_SERVERS, broker.bootstrapServers());
        common.put(Config.SCHEMA_REGISTRY_URL, registry.url());
        ExtractorService extractor = track(ExtractorService.start(serviceConfig(common, "extractor", extractorPort,
                login(credentials, ServiceAcls.Service.EXTRACTOR.defaultApplicationId()))));
        // the local demo lets anyone curate under a name too (scorer.curation.signin.open)
        Map<String, String> scorerExtra = new HashMap<>(login(credentials,
                ServiceAcls.Service.SCORER.defaultApplicationId()));
        scorerExtra.put("scorer.curation.signin.open",
                System.getenv().getOrDefault("SCORER_CURATION_SIGNIN_OPEN", "true"));
        ScorerService scorer = track(ScorerService.start(serviceConfig(common, "scorer", scorerPort, scorerExtra)));
        // the local demo lets anyone rate under a name (elo.signin.open); ELO_SIGNIN_OPEN=false with ELO_RATERS
        // (deploy/causal-stream rater-token) tries the token sign-in instead
        Map<String, String> eloExtra = new HashMap<>(login(credentials,
                ServiceAcls.Service.ELO.defaultApplicationId()));
        eloExtra.put("elo.ties", eloTies);
        eloExtra.put("elo.signin.open", System.getenv().getOrDefault("ELO_SIGNIN_OPEN", "true"));
        // the dashboard's pipeline panels read the two other services' metrics and link to the scorer's pages
        eloExtra.put(PipelineSettings.EXTRACTOR_METRICS_URL, "http://localhost:" + extractor.httpPort() + "/metrics");
        eloExtra.put(PipelineSettings.SCORER_METRICS_URL, "http://localhost:" + scorer.httpPort() + "/metrics");
        eloExtra.put(PipelineSettings.SCORER_URL, "http://localhost:" + scorer.httpPort());
        EloService elo = track(EloService.start(serviceConfig(common, "elo", eloPort, eloExtra)));
        out.printf("  extractor-service      http://localhost:%d/health  /metrics%n", extractor.httpPort());
        out.printf("  scorer-service         http://localhost:%d/health  /metrics%n", scorer.httpPort());
        out.printf("  elo-service            http://localhost:%d/health  /metrics  /api/passages/{id}/ratings%n",
                elo.httpPort());
        out.printf("  live dashboard         http://localhost:%d/dashboard%n", elo.httpPort());
        out.printf("  rater page             http://localhost:%d/rater%n", elo.httpPort());
        HttpReach.print(out, Boolean.parseBoolean(eloExtra.get("elo.signin.open")));

        // the tools (and the sample) connect as the tools' user, with the settings any command takes (--config)
        Map<String, String> cliSettings = new HashMap<>(common);
        cliSettings.putAll(login(credentials, ServiceAcls.CLI_USER));
        if (secure) {
            Path cliConfig = credentials.writeClientConfig(dataDir.resolve("cli.properties"), ServiceAcls.CLI_USER,
                    common);
            out.printf("  tools' settings        %s   (deploy/causal-stream read-topic ratings --config %s)%n",
                    cliConfig.toAbsolutePath(), cliConfig);
        }
        CommonSettings cli = CommonSettings.from(Config.of(cliSettings), ServiceAcls.CLI_USER, 0);
        if (sample) {
            runSample(KafkaClients.properties(cli), KafkaClients.serdes(cli), elo.httpPort(), out);
        }
        if (exitAfterSample) {
            return 0;
        }
        out.println("\nServing. Press Ctrl-C to stop everything.");
        stopped.await();
        return 0;
    }

    /** A user's SASL settings on a secured broker; nothing on a PLAINTEXT one. */
    private static Map<String, String> login(LocalCredentials credentials, String user) {
        return credentials == null ? Map.of() : credentials.clientSettings(user);
    }

    private void runSample(Map<String, Object> connection, SerdeFactory serdes, int eloHttpPort, PrintStream out) {
        SampleData data = SampleData.load();
        out.printf("%nPublishing the sample: %d passages, %d annotations, %d judgments (Elo ties: %s)...%n",
                data.passages().size(), data.annotations().size(), data.judgments().size(), eloTies);
        // the sample's own annotations: any other scored graph of a sample passage is the extractor service's
        java.util.Set<String> sampleAnnotations = data.annotations().stream()
                .map(a -> a.getAnnotationId()).collect(java.util.stream.Collectors.toSet());
        // tracked, so a Ctrl-C while the sample runs stops its reader before the broker goes away
        try (DemoSummary summary = track(new DemoSummary(connection, serdes, "http://localhost:" + eloHttpPort,
                sampleAnnotations))) {
            for (SamplePublisher.Published p : new SamplePublisher(connection, serdes).publish(data)) {
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
            if (graph != null) {
                LocalGraphDb g = graph;
                graphSummary = summary.awaitGraphSettled(LocalGraphDb.consumerGroup(), g::counts,
                        Duration.ofSeconds(3), Duration.ofMinutes(2));
                DemoSummary.printGraph(graphSummary, summary.recordsIn(LocalGraphDb.DEAD_LETTER_TOPIC),
                        LocalGraphDb.DEAD_LETTER_TOPIC, g.httpUrl(), out);
            }
        }
    }

    /**
     * Neo4j and the Connect worker with the graph sink, recorded as children (a launcher killed with kill -9 leaves
     * them for the next start to stop) and stopped with everything else.
     */
    private void startGraphDb(String bootstrap, String registryUrl, ChildPidFiles children, PrintStream out) {
        out.printf("  starting Neo4j and the Connect worker (--graph-db)...%n");
        LocalGraphDb g = LocalGraphDb.start(LocalGraphDb.home(), dataDir.resolve("graph"), bootstrap, registryUrl,
                new LocalGraphDb.Ports(neo4jBoltPort, neo4jHttpPort, connectPort), Topics.SCORED_GRAPHS.name(),
                Topics.CAUSAL_MAPS.name());
        children.record(NEO4J, g.neo4jPid());
        children.record(CONNECT, g.workerPid());
        track(() -> {
            g.close();
            children.forget(CONNECT);
            children.forget(NEO4J);
        });
        graph = g;
        out.printf("  Neo4j                  %s   %s/db/neo4j/query/v2   pid %d%n", g.boltUri(), g.httpUrl(),
                g.neo4jPid());
        out.printf("  Kafka Connect worker   %s/connectors/%s/status   pid %d   (dead letters: %s)%n",
                g.connectUrl(), LocalGraphDb.CONNECTOR, g.workerPid(), LocalGraphDb.DEAD_LETTER_TOPIC);
    }

    /** The graph database's options: only with --graph-db, on a plaintext broker, on ports of their own. */
    void checkGraphDbOptions() {
        if (!graphDb) {
            return;
        }
        if (secure) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--graph-db runs on the plaintext broker "
                    + "only: leave out --secure (on a secured cluster, see docs/graph-database.md: the graph-sink "
                    + "user and its ACLs)");
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
        Map<Integer, String> ports = new HashMap<>();
        List<Map.Entry<Integer, String>> wanted = new java.util.ArrayList<>(List.of(Map.entry(kafkaPort,
                "Kafka broker"), Map.entry(controllerPort, "Kafka controller"), Map.entry(registryPort,
                "schema registry"), Map.entry(eloPort, "elo-service"), Map.entry(extractorPort, "extractor-service"),
                Map.entry(scorerPort, "scorer-service")));
        if (graphDb) {
            wanted.addAll(List.of(Map.entry(neo4jBoltPort, "Neo4j Bolt"), Map.entry(neo4jHttpPort, "Neo4j HTTP"),
                    Map.entry(connectPort, "Kafka Connect REST")));
        }
        wanted.forEach(e -> ports.put(e.getKey(), e.getValue()));
        if (ports.size() < wanted.size()) {
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
