package io.causalstream.deploy.graph;

import io.causalstream.local.ConnectWorkerProcess;
import io.causalstream.local.GraphDbProcess;
import io.causalstream.runtime.ServiceAcls;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The graph database of the local runtime: Neo4j Community and a Kafka Connect worker running the graph sink
 * (deploy/graph-sink), both child JVMs from the distributions the launcher's build unpacks into
 * {@code target/graph/}. The worker reads {@code scored-graphs} and {@code causal-maps} with Apicurio's converter
 * (the Confluent wire format) and writes them into Neo4j; bad records go to its dead-letter topic.
 */
public final class LocalGraphDb implements AutoCloseable {

    /** The connector's name; its consumer group is {@code connect-} + this. */
    public static final String CONNECTOR = ServiceAcls.GRAPH_SINK_USER;
    /** The Connect worker's group; its config, offset and status topics are named after it. */
    public static final String WORKER_GROUP = ServiceAcls.GRAPH_SINK_USER;
    public static final String DEAD_LETTER_TOPIC = ServiceAcls.GRAPH_SINK_USER + ".dlq";

    /** The Cypher counts the demo prints. */
    public static final String COUNT_PASSAGES = "MATCH (p:Passage) RETURN count(p)";
    public static final String COUNT_ANNOTATIONS = "MATCH (a:Annotation) RETURN count(a)";
    public static final String COUNT_CONCEPTS = "MATCH (c:Concept) RETURN count(c)";
    public static final String COUNT_EDGES = "MATCH (:Concept)-[r:CAUSES]->(:Concept) RETURN count(r)";
    public static final String COUNT_MAP_CONCEPTS = "MATCH (c:MapConcept) RETURN count(c)";
    public static final String COUNT_MAP_EDGES = "MATCH (:MapConcept)-[r:INFLUENCES]->(:MapConcept) RETURN count(r)";

    /** What Neo4j holds, as the demo prints it. */
    public record Counts(long passages, long annotations, long concepts, long edges, long mapConcepts,
                         long mapEdges) {
    }

    /** The local ports of Neo4j (Bolt, HTTP) and of the worker's REST API. */
    public record Ports(int bolt, int http, int connect) {
    }

    private final GraphDbProcess neo4j;
    private final ConnectWorkerProcess worker;

    private LocalGraphDb(GraphDbProcess neo4j, ConnectWorkerProcess worker) {
        this.neo4j = neo4j;
        this.worker = worker;
    }

    /**
     * Starts Neo4j (store in {@code dataDir/neo4j}), then the worker, then creates the connector for
     * {@code scoredGraphsTopic} and {@code causalMapsTopic}. Returns once the connector is created; its tasks write
     * what the topics hold from their start.
     */
    public static LocalGraphDb start(Path home, Path dataDir, String bootstrapServers, String registryUrl,
                                     Ports ports, String scoredGraphsTopic, String causalMapsTopic) {
        GraphDbProcess neo4j = GraphDbProcess.start(home.resolve("graph-db"), dataDir.resolve("neo4j"), ports.bolt(),
                ports.http(), dataDir.resolve("neo4j.log"));
        ConnectWorkerProcess worker;
        try {
            worker = ConnectWorkerProcess.start(home.resolve("connect-worker"), home.resolve("plugins"),
                    bootstrapServers, WORKER_GROUP, ports.connect(), dataDir.resolve("connect"),
                    dataDir.resolve("connect-worker.log"), Map.of());
        } catch (RuntimeException e) {
            neo4j.close();
            throw e;
        }
        LocalGraphDb graph = new LocalGraphDb(neo4j, worker);
        try {
            worker.putConnector(CONNECTOR, connectorConfig(registryUrl, neo4j.boltUri(), scoredGraphsTopic,
                    causalMapsTopic, DEAD_LETTER_TOPIC));
        } catch (RuntimeException e) {
            graph.close();
            throw e;
        }
        return graph;
    }

    /**
     * The connector's settings: both topics, keys as strings, values through Apicurio's converter in the Confluent
     * wire format (its 4-byte ids are content ids), only committed records (the services write in transactions), and unmappable records to
     * {@code deadLetterTopic} with the reason in the headers.
     */
    public static Map<String, String> connectorConfig(String registryUrl, String boltUri, String scoredGraphsTopic,
                                                      String causalMapsTopic, String deadLetterTopic) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("connector.class", "io.causalstream.graphsink.GraphSinkConnector");
        c.put("tasks.max", "2");
        c.put("topics", scoredGraphsTopic + "," + causalMapsTopic);
        c.put("graph.scored-graphs.topic", scoredGraphsTopic);
        c.put("graph.causal-maps.topic", causalMapsTopic);
        c.put("neo4j.uri", boltUri);
        c.put("graph.retry.backoff.max.ms", "2000");
        c.put("key.converter", "org.apache.kafka.connect.storage.StringConverter");
        c.put("value.converter", "io.apicurio.registry.utils.converter.AvroConverter");
        c.put("value.converter.apicurio.registry.url", registryUrl + "/apis/registry/v2");
        c.put("value.converter.apicurio.registry.as-confluent", "true");
        // the services' 4-byte ids are content ids; the converter would read them as global ids, which differ as
        // soon as the registry holds a schema in two versions or two artifacts
        c.put("value.converter.apicurio.registry.use-id", "contentId");
        c.put("errors.tolerance", "all");
        c.put("errors.deadletterqueue.topic.name", deadLetterTopic);
        c.put("errors.deadletterqueue.topic.replication.factor", "1");
        c.put("errors.deadletterqueue.context.headers.enable", "true");
        c.put("errors.log.enable", "true");
        c.put("consumer.override.auto.offset.reset", "earliest");
        c.put("consumer.override.isolation.level", "read_committed");
        return c;
    }

    /**
     * Where the launcher finds the graph distributions: {@code -Dcausalstream.graph.home}, else {@code graph/} next
     * to the launcher's jar (deploy/launcher/target/graph).
     */
    public static Path home() {
        String property = System.getProperty("causalstream.graph.home");
        if (property != null && !property.isBlank() && !property.startsWith("${")) {
            return Path.of(property);
        }
        try {
            var source = LocalGraphDb.class.getProtectionDomain().getCodeSource();
            Path location = source == null ? null : Path.of(source.getLocation().toURI());
            if (location != null) {
                Path dir = location.resolveSibling("graph");
                if (Files.isDirectory(dir)) {
                    return dir;
                }
            }
        } catch (URISyntaxException e) {
            // fall through to the message below
        }
        throw new IllegalStateException("cannot find the graph distributions (target/graph next to the launcher's "
                + "jar): build with `mvn -B -q -DskipTests package` or set -Dcausalstream.graph.home");
    }

    public Counts counts() {
        return new Counts(neo4j.count(COUNT_PASSAGES), neo4j.count(COUNT_ANNOTATIONS), neo4j.count(COUNT_CONCEPTS),
                neo4j.count(COUNT_EDGES), neo4j.count(COUNT_MAP_CONCEPTS), neo4j.count(COUNT_MAP_EDGES));
    }

    /** The connector's consumer group, whose lag says whether the graph has caught up with the topics. */
    public static String consumerGroup() {
        return "connect-" + CONNECTOR;
    }

    public String boltUri() {
        return neo4j.boltUri();
    }

    public String httpUrl() {
        return neo4j.httpUrl();
    }

    public String connectUrl() {
        return worker.restUrl();
    }

    public long neo4jPid() {
        return neo4j.pid();
    }

    public long workerPid() {
        return worker.pid();
    }

    /** The connector's status as the worker reports it (JSON). */
    public String connectorStatus() {
        return worker.status(CONNECTOR);
    }

    /** The worker first (it stops writing), then Neo4j. */
    @Override
    public void close() {
        try {
            worker.close();
        } finally {
            neo4j.close();
        }
    }
}
