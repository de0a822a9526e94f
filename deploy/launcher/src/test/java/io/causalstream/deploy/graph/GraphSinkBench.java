package io.causalstream.deploy.graph;

import io.causalstream.local.ChildProcesses;
import io.causalstream.local.ConnectWorkerProcess;
import io.causalstream.local.GraphDbProcess;
import io.causalstream.local.JavaRuntime;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.testkit.InJvmBroker;
import io.causalstream.topics.Topic;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;

/**
 * Benchmark harness (not a test): the graph sink's write rate through the real parts (an in-JVM KRaft broker, the
 * Apicurio registry, a Kafka Connect worker with the plugin, Neo4j Community; the last three child JVMs), beside
 * the raw Bolt write rate of the same statements in the same run (deploy/graph-sink BoltWriteRate in a child JVM
 * on the plugin's class path: the same records mapped by the same code, written through the same driver in
 * transactions of the same size, one thread per task). All write into the same Neo4j, emptied in between: the
 * baseline once before the sink (on a cold Neo4j) and once after (on a warm one); the ratio takes the faster.
 *
 * <p>The sink's figure counts from the first record visible in Neo4j to the last (the records are in the topic
 * before the connector starts, so the tasks' start-up is left out); the connector's records/s and edges/s are
 * divided by the faster baseline's for the ratio.
 *
 * <p>Run: {@code deploy/causal-stream bench graph-sink
 * [-Dbench.records=4000 -Dbench.edges=6 -Dbench.concepts=500 -Dbench.tasks=2 -Dbench.batch=500]}. Needs the
 * graph distributions of deploy/launcher/target/graph and deploy/graph-sink/target/test-classes (both made by that
 * command through -am).
 */
public final class GraphSinkBench {

    private static final Topic<ScoredGraph> TOPIC = new Topic<>("bench.scored-graphs", ScoredGraph.class, false);
    private static final Pattern BASELINE = Pattern.compile(
            "records=(\\d+) edges=(\\d+) seconds=([0-9.]+) retries=(\\d+)");

    public static void main(String[] args) throws Exception {
        int records = Integer.getInteger("bench.records", 4000);
        int edgesPerRecord = Integer.getInteger("bench.edges", 6);
        int concepts = Integer.getInteger("bench.concepts", 500);
        int tasks = Integer.getInteger("bench.tasks", 2);
        int batch = Integer.getInteger("bench.batch", 500);
        Path home = graphHome();
        Path sinkTestClasses = home.resolve("../../../graph-sink/target/test-classes").normalize();
        if (!Files.isDirectory(sinkTestClasses.resolve("io/causalstream/graphsink/bench"))) {
            throw new IllegalStateException("no " + sinkTestClasses + ": build deploy/graph-sink with its tests "
                    + "compiled (mvn ... -DskipTests verify compiles them)");
        }
        Path work = Files.createTempDirectory("graph-sink-bench");
        String load = Files.readString(Path.of("/proc/loadavg")).strip();
        System.out.printf("graph-sink benchmark: %d scored graphs x %d edges, %d concepts, %d tasks/threads, "
                        + "%d records per transaction; %d cores, load %s%n", records, edgesPerRecord, concepts,
                tasks, batch, Runtime.getRuntime().availableProcessors(), load);
        try (KafkaClusterTestKit broker = InJvmBroker.start(Map.of());
             SchemaRegistryProcess registry = registry(work);
             GraphDbProcess neo4j = GraphDbProcess.start(home.resolve("graph-db"), work.resolve("neo4j"),
                     LocalPorts.pickFree(), LocalPorts.pickFree(), work.resolve("neo4j.log"))) {
            String bootstrap = broker.bootstrapServers();

            // the baseline first, into the empty database (it warms Neo4j up); then emptied for the sink; then the
            // baseline again, on a Neo4j as warm as the sink had it
            Baseline before = baseline(home, sinkTestClasses, neo4j, work.resolve("baseline-1.log"), records,
                    edgesPerRecord, concepts, batch, tasks);
            long edges = before.edges();
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.createTopics(List.of(new NewTopic(TOPIC.name(), tasks, (short) 1),
                        new NewTopic("bench.causal-maps", 1, (short) 1))).all().get();
            }
            publish(bootstrap, registry.url(), records, edgesPerRecord, concepts);
            try (ConnectWorkerProcess worker = ConnectWorkerProcess.start(home.resolve("connect-worker"),
                    home.resolve("plugins"), bootstrap, "graph-sink-bench", LocalPorts.pickFree(),
                    work.resolve("connect"), work.resolve("connect.log"), Map.of())) {
                Map<String, String> config = new java.util.HashMap<>(LocalGraphDb.connectorConfig(registry.url(),
                        neo4j.boltUri(), TOPIC.name(), "bench.causal-maps", "graph-sink-bench.dlq"));
                config.put("tasks.max", Integer.toString(tasks));
                config.put("graph.batch.records", Integer.toString(batch));
                // the tasks' consumers fetch enough at once to fill a transaction
                config.put("consumer.override.max.poll.records", Integer.toString(Math.max(batch, 500)));
                long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
                worker.putConnector("graph-sink-bench", config);
                long first = 0;
                long last = 0;
                long seen = 0;
                while (System.nanoTime() < deadline) {
                    long now = System.nanoTime();
                    seen = neo4j.count(LocalGraphDb.COUNT_ANNOTATIONS);
                    if (seen > 0 && first == 0) {
                        first = now;
                    }
                    if (seen == records && neo4j.count(LocalGraphDb.COUNT_EDGES) == edges) {
                        last = now;
                        break;
                    }
                    Thread.sleep(seen == 0 ? 200 : 50);
                }
                if (last == 0) {
                    throw new IllegalStateException("the sink wrote " + seen + " of " + records + " records: "
                            + worker.status("graph-sink-bench"));
                }
                double sinkSeconds = (last - first) / 1e9;
                worker.close();
                Baseline after = baseline(home, sinkTestClasses, neo4j, work.resolve("baseline-2.log"), records,
                        edgesPerRecord, concepts, batch, tasks);
                double bestBaseline = Math.min(before.seconds(), after.seconds());
                System.out.printf(Locale.ROOT, "%-34s %10s %10s %8s%n", "", "records/s", "edges/s", "seconds");
                System.out.printf(Locale.ROOT, "%-34s %10.0f %10.0f %8.2f%n", "raw Bolt, first (cold Neo4j)",
                        records / before.seconds(), edges / before.seconds(), before.seconds());
                System.out.printf(Locale.ROOT, "%-34s %10.0f %10.0f %8.2f%n", "graph sink (Connect worker)",
                        records / sinkSeconds, edges / sinkSeconds, sinkSeconds);
                System.out.printf(Locale.ROOT, "%-34s %10.0f %10.0f %8.2f%n", "raw Bolt, again (warm Neo4j)",
                        records / after.seconds(), edges / after.seconds(), after.seconds());
                System.out.printf(Locale.ROOT, "sink / the faster raw Bolt run: %.0f%% (%d records, %d edges each "
                        + "way; the baseline retried %d transactions after transient errors)%n",
                        100 * bestBaseline / sinkSeconds, records, edges, before.retries() + after.retries());
            }
        }
    }

    private record Baseline(long edges, double seconds, long retries) {
    }

    /** BoltWriteRate in a child JVM on the plugin's class path, into {@code neo4j}; leaves Neo4j empty. */
    private static Baseline baseline(Path home, Path sinkTestClasses, GraphDbProcess neo4j, Path log, int records,
                                     int edgesPerRecord, int concepts, int batch, int threads) throws Exception {
        List<String> cmd = List.of(JavaRuntime.requireJava21(), "-Xmx512m", "-cp",
                sinkTestClasses + File.pathSeparator + home.resolve("plugins/causal-stream-graph-sink/lib")
                        + "/*" + File.pathSeparator + home.resolve("connect-worker/lib") + "/*",
                "io.causalstream.graphsink.bench.BoltWriteRate", neo4j.boltUri(), Integer.toString(records),
                Integer.toString(edgesPerRecord), Integer.toString(concepts), Integer.toString(batch),
                Integer.toString(threads));
        Process p = new ProcessBuilder(ChildProcesses.withUnsafeAllowed(cmd)).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("the baseline failed: " + Files.readString(log));
        }
        Matcher m = BASELINE.matcher(Files.readString(log));
        if (!m.find()) {
            throw new IllegalStateException("the baseline printed no figures: " + Files.readString(log));
        }
        long edges = Long.parseLong(m.group(2));
        long written = neo4j.count(LocalGraphDb.COUNT_EDGES);
        if (written != edges) {
            throw new IllegalStateException("the baseline left " + written + " edges, not " + edges);
        }
        neo4j.count("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS RETURN count(*)");
        return new Baseline(edges, Double.parseDouble(m.group(3)), Long.parseLong(m.group(4)));
    }

    private static void publish(String bootstrap, String registryUrl, int records, int edgesPerRecord,
                                int concepts) throws Exception {
        var serdes = new AvroSerdes(registryUrl);
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap, ProducerConfig.LINGER_MS_CONFIG, 20), new StringSerializer(),
                serdes.valueSerializer(TOPIC))) {
            for (int i = 0; i < records; i++) {
                ScoredGraph g = scoredGraph(i, edgesPerRecord, concepts);
                producer.send(new ProducerRecord<>(TOPIC.name(), g.getPassageId(), g));
            }
            producer.flush();
        }
    }

    /** BoltWriteRate.scoredGraph as Avro: the same graph from the same formulas. */
    static ScoredGraph scoredGraph(int i, int edgesPerRecord, int concepts) {
        String passage = "bench-p" + (i / 2);
        List<ScoredEdge> edges = new ArrayList<>();
        for (int e = 0; e < edgesPerRecord; e++) {
            Triple triple = Triple.newBuilder().setSource("concept " + Math.floorMod(i * 31 + e * 7, concepts))
                    .setTarget("concept " + Math.floorMod(i * 17 + e * 13 + 1, concepts))
                    .setDirection((i + e) % 3 == 0 ? Direction.DECREASE : Direction.INCREASE)
                    .setEvidence(List.of()).build();
            edges.add(ScoredEdge.newBuilder().setTriple(triple).setStrength(((i + e) % 10) / 10.0)
                    .setValidation(ValidationState.VALIDATED).setStages(List.of()).build());
        }
        boolean model = i % 2 == 0;
        return ScoredGraph.newBuilder().setPassageId(passage).setAnnotationId(passage + (model ? "-model" : "-rules"))
                .setAnnotator(Annotator.newBuilder().setId(model ? "model" : "rules")
                        .setKind(model ? AnnotatorKind.MODEL : AnnotatorKind.RULES).build())
                .setEdges(edges).setScores(List.of()).setScoredAt(Instant.ofEpochMilli(1_700_000_000_000L)).build();
    }

    /** deploy/launcher/target/graph: from -Dcausalstream.graph.home, the working directory or a parent of it. */
    private static Path graphHome() {
        String property = System.getProperty("causalstream.graph.home", "");
        if (!property.isBlank() && !property.startsWith("${")) {
            return Path.of(property).toAbsolutePath();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("deploy/launcher/target/graph");
            if (Files.isDirectory(candidate.resolve("graph-db"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no deploy/launcher/target/graph here or above: build deploy/launcher");
    }

    private static SchemaRegistryProcess registry(Path work) {
        String archive = System.getProperty("apicurio.registry.archive", "");
        Path a = archive.isBlank() || archive.startsWith("${")
                ? Path.of(System.getProperty("user.home"), ".m2", "repository", "io", "apicurio",
                        "apicurio-registry-app", "3.3.3", "apicurio-registry-app-3.3.3-all.tar.gz")
                : Path.of(archive);
        return SchemaRegistryProcess.start(a, SchemaRegistryProcess.defaultInstallDir(a), LocalPorts.pickFree(),
                work.resolve("registry.log"));
    }

    private GraphSinkBench() {
    }
}
