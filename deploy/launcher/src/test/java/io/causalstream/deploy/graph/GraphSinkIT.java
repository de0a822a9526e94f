package io.causalstream.deploy.graph;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.deploy.cli.CausalStream;
import io.causalstream.local.ConnectWorkerProcess;
import io.causalstream.local.GraphDbProcess;
import io.causalstream.local.LocalPorts;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.maps.CollectiveEdge;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.maps.MapConcept;
import io.causalstream.schemas.maps.ConceptMerge;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.Samples;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topic;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The graph sink end to end with the real parts: the test broker and registry, a Kafka Connect worker (a child JVM
 * from connect-runtime) with the plugin zip on its plugin.path, reading the Confluent wire format with Apicurio's
 * converter, and Neo4j Community (a child JVM). Expected counts are computed here from the records published.
 */
@ExtendWith(KafkaTestCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GraphSinkIT {

    private static final String CONNECTOR = "graph-sink";
    /** Topics of this test's own (the shared test broker's scored-graphs may hold other tests' records). */
    private static final Topic<ScoredGraph> SCORED = new Topic<>("graph-it.scored-graphs", ScoredGraph.class, false);
    private static final Topic<CollectiveMap> MAPS = new Topic<>("graph-it.causal-maps", CollectiveMap.class, true);
    private static final String DLQ = "graph-sink.dlq";
    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path work;

    private TestCluster cluster;
    private Path home;
    private int bolt;
    private int http;
    private GraphDbProcess neo4j;
    private ConnectWorkerProcess worker;
    /** What the topic holds now, by passage and annotation id: the test's own model of the graph. */
    private final Map<String, ScoredGraph> live = new LinkedHashMap<>();

    @BeforeAll
    void start(TestCluster cluster) throws Exception {
        this.cluster = cluster;
        home = Path.of(System.getProperty("causalstream.graph.home", "target/graph"));
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(SCORED.name(), 3, (short) 1),
                    new NewTopic(MAPS.name(), 1, (short) 1))).all().get();
        }
        bolt = LocalPorts.pickFree();
        http = LocalPorts.pickFree();
        neo4j = GraphDbProcess.start(home.resolve("graph-db"), work.resolve("neo4j"), bolt, http,
                work.resolve("neo4j.log"));
        worker = ConnectWorkerProcess.start(home.resolve("connect-worker"), home.resolve("plugins"),
                cluster.bootstrapServers(), "graph-sink-it", LocalPorts.pickFree(), work.resolve("connect"),
                work.resolve("connect.log"), Map.of());
        worker.putConnector(CONNECTOR, connectorConfig(cluster.registryUrl(), neo4j.boltUri()));
    }

    /** The demo's connector settings (run-local --graph-db) on this test's topics. */
    static Map<String, String> connectorConfig(String registryUrl, String boltUri) {
        return LocalGraphDb.connectorConfig(registryUrl, boltUri, SCORED.name(), MAPS.name(), DLQ);
    }

    @AfterAll
    void stop() {
        if (worker != null) {
            worker.close();
        }
        if (neo4j != null) {
            neo4j.close();
        }
    }

    @Test
    void scoredGraphsLandOnceReplaceOnANewVersionDeleteOnATombstoneAndSurviveAnOutage() throws Exception {
        // 12 passages, two annotators each; concepts shared across passages; the rules disagree on one sign; as in
        // the sample, an annotation id ("model") is unique within its passage only
        List<ScoredGraph> first = new ArrayList<>();
        for (int p = 0; p < 12; p++) {
            first.add(scored("p" + p, "model", "model", edge("Interest Rates", "inflation " + (p % 4),
                    Direction.DECREASE, 0.7), edge("inflation " + (p % 4), "Wages", Direction.INCREASE, 0.4)));
            first.add(scored("p" + p, "rules", "rules", edge("interest  rates", "inflation " + (p % 4),
                    Direction.INCREASE, 0.2)));
        }
        publish(first);
        long started = System.nanoTime();
        awaitGraphMatchesTopic();
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("graph sink: %d records, %d edges into Neo4j in %.1f s (first load, tasks start included)%n",
                first.size(), expectedEdges(), seconds);
        assertThat(count("MATCH (c:Concept {key: 'interest rates'}) RETURN count(c)")).isOne();
        docsQueriesRun();
        assertThat(count("MATCH (:Concept)-[r:CAUSES]->(:Concept) WITH r.passage AS p, r.direction AS d "
                + "RETURN count(DISTINCT p)")).isEqualTo(12);

        // replay: the same records again write nothing new
        publish(first);
        awaitCaughtUp();
        assertGraphMatchesTopic();

        // a new version of one annotation replaces its edges
        publish(List.of(scored("p3", "model", "model", edge("Tariffs", "prices", Direction.INCREASE, 0.9))));
        awaitGraphMatchesTopic();
        assertThat(count("MATCH ()-[r:CAUSES {passage: 'p3', annotation: 'model'}]->() RETURN count(r)")).isOne();
        assertThat(count("MATCH ()-[r:CAUSES {passage: 'p4', annotation: 'model'}]->() RETURN count(r)"))
                .isEqualTo(2);

        // a tombstone removes a passage with its annotations and edges
        tombstone("p5");
        awaitGraphMatchesTopic();
        assertThat(count("MATCH (n) WHERE n:Passage AND n.id = 'p5' OR n:Annotation AND n.passage = 'p5' "
                + "RETURN count(n)")).isZero();

        // a record that cannot be mapped and bytes that are not Avro go to the dead-letter topic; the rest is written
        publish(List.of(scored("p20", " ", "model", edge("a", "b", Direction.INCREASE, 0.5))));
        live.remove("p20/ ");
        cluster.sendRaw(SCORED.name(), "p21".getBytes(StandardCharsets.UTF_8),
                "not avro".getBytes(StandardCharsets.UTF_8));
        publish(List.of(scored("p22", "p22-model", "model", edge("Drought", "harvest", Direction.DECREASE, 0.8))));
        awaitGraphMatchesTopic();
        List<ConsumerRecord<String, byte[]>> dead = cluster.readRawUntil(DLQ, WAIT, r -> r.size() >= 2);
        assertThat(dead).hasSize(2);
        assertThat(dead).extracting(r -> header(r, "__connect.errors.exception.message"))
                .anySatisfy(reason -> assertThat(reason).contains("annotationId"))
                .allSatisfy(reason -> assertThat(reason).isNotBlank());
        assertThat(dead).extracting(ConsumerRecord::key).containsExactlyInAnyOrder("p20", "p21");
        deadLettersAreReadAndReplayedByTheTools();

        // Neo4j stopped mid-stream: records published meanwhile are written once it is back, none twice
        neo4j.close();
        List<ScoredGraph> during = new ArrayList<>();
        for (int p = 30; p < 40; p++) {
            during.add(scored("p" + p, "p" + p + "-model", "model", edge("Rain", "floods " + p, Direction.INCREASE,
                    0.6), edge("floods " + p, "crops", Direction.DECREASE, 0.5)));
        }
        publish(during);
        Thread.sleep(5_000);
        neo4j = GraphDbProcess.start(home.resolve("graph-db"), work.resolve("neo4j"), bolt, http,
                work.resolve("neo4j.log"));
        awaitGraphMatchesTopic();
        assertThat(worker.status(CONNECTOR)).doesNotContain("FAILED");
    }

    @Test
    void aCausalMapLandsItsMergeLogBecomesAliasesAndATombstoneRemovesIt() throws Exception {
        // a map in which "mr. holmes" is still a concept of its own, and another map that must stay untouched
        cluster.sendAll(MAPS, List.of(Map.entry("all", map("all", List.of(concept("holmes", "Sherlock Holmes",
                        "sherlock"), concept("mr. holmes", "Mr. Holmes"), concept("crime", "crime"),
                        concept("london", "London")), List.of(mapEdge("holmes", "crime", -0.6),
                        mapEdge("mr. holmes", "crime", -0.2), mapEdge("london", "crime", 0.3)), List.of())),
                Map.entry("kind:MODEL", map("kind:MODEL", List.of(concept("holmes", "Holmes"),
                        concept("crime", "crime")), List.of(mapEdge("holmes", "crime", 0.4)), List.of()))));
        awaitCount("MATCH (c:MapConcept {map: 'all'}) RETURN count(c)", 4);
        awaitCount("MATCH (:MapConcept {map: 'all'})-[r:INFLUENCES]->() RETURN count(r)", 3);
        awaitCount("MATCH (:MapConcept {map: 'kind:MODEL'})-[r:INFLUENCES]->() RETURN count(r)", 1);

        // the next version merged "mr. holmes" into holmes: the concept goes, its key becomes an alias
        cluster.sendAll(MAPS, List.of(Map.entry("all", map("all", List.of(concept("holmes", "Sherlock Holmes",
                        "sherlock"), concept("crime", "crime"), concept("london", "London")),
                List.of(mapEdge("holmes", "crime", -0.7), mapEdge("london", "crime", 0.3)),
                List.of(ConceptMerge.newBuilder().setKey("mr. holmes").setInto("holmes").setSimilarity(0.91)
                        .setMethod("embedding").build())))));
        awaitCount("MATCH (c:MapConcept {map: 'all'}) RETURN count(c)", 3);
        assertThat(count("MATCH (c:MapConcept {map: 'all', id: 'mr. holmes'}) RETURN count(c)")).isZero();
        assertThat(count("MATCH (c:MapConcept {uid: 'all/holmes'}) WHERE 'mr. holmes' IN c.aliases "
                + "AND 'sherlock' IN c.aliases AND c.mergedKeys = ['mr. holmes'] RETURN count(c)")).isOne();
        assertThat(count("MATCH (:MapConcept {map: 'all'})-[r:INFLUENCES]->() RETURN count(r)")).isEqualTo(2);
        assertThat(count("MATCH (:MapConcept {uid: 'all/holmes'})-[r:INFLUENCES {weight: -0.7}]->"
                + "(:MapConcept {uid: 'all/crime'}) RETURN count(r)")).isOne();
        assertThat(count("MATCH (m:CausalMap) RETURN count(m)")).isEqualTo(2);

        // a tombstone removes that map only
        try (var producer = new KafkaProducer<String, byte[]>(Map.of("bootstrap.servers", cluster.bootstrapServers()),
                new StringSerializer(), new org.apache.kafka.common.serialization.ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(MAPS.name(), "all", null)).get();
        }
        awaitCount("MATCH (c:MapConcept {map: 'all'}) RETURN count(c)", 0);
        assertThat(count("MATCH (m:CausalMap {id: 'all'}) RETURN count(m)")).isZero();
        assertThat(count("MATCH (:MapConcept {map: 'kind:MODEL'})-[r:INFLUENCES]->() RETURN count(r)")).isOne();
    }

    /**
     * The tools read Connect's dead letters as they read the services': read-topic prints each one's reason, writer,
     * stage and origin; dlq replay sends one back to the topic it came from, where the sink dead-letters it again,
     * and a second run does not replay it twice.
     */
    private void deadLettersAreReadAndReplayedByTheTools() throws Exception {
        Map<String, JsonNode> printed = new HashMap<>();
        String read = cli("read-topic", "--dead-letters", DLQ, "--max", "2", "--idle-seconds", "30");
        System.out.print("read-topic --dead-letters " + DLQ + ":\n" + read);
        for (String line : read.lines().toList()) {
            JsonNode n = JSON.readTree(line);
            printed.put(n.get("key").asText(), n);
        }
        assertThat(printed).containsOnlyKeys("p20", "p21");
        JsonNode unmappable = printed.get("p20");
        assertThat(unmappable.get("reason").asText()).contains("annotationId");
        assertThat(unmappable.get("application").asText()).isEqualTo(CONNECTOR);
        assertThat(unmappable.get("stage").asText()).isEqualTo("TASK_PUT");
        assertThat(unmappable.get("exception").asText()).endsWith("Exception");
        JsonNode garbage = printed.get("p21");
        assertThat(garbage.get("reason").asText()).isNotBlank();
        assertThat(garbage.get("stage").asText()).isEqualTo("VALUE_CONVERTER");
        assertThat(java.util.Base64.getDecoder().decode(garbage.get("value_base64").asText()))
                .isEqualTo("not avro".getBytes(StandardCharsets.UTF_8));
        // the origin is the record's place on the topic the sink read
        String origin = garbage.get("source").asText();
        assertThat(origin).matches(java.util.regex.Pattern.quote(SCORED.name()) + "-[0-2]@[0-9]+");
        int partition = Integer.parseInt(origin.substring(SCORED.name().length() + 1, origin.indexOf('@')));
        long offset = Long.parseLong(origin.substring(origin.indexOf('@') + 1));
        assertThat(cluster.readRawUntil(SCORED.name(), WAIT, rs -> rs.stream()
                        .anyMatch(r -> r.partition() == partition && r.offset() == offset)).stream()
                .filter(r -> r.partition() == partition && r.offset() == offset).findFirst().orElseThrow().key())
                .isEqualTo("p21");

        String plan = cli("dlq", "replay", "--topic", DLQ);
        assertThat(plan).contains("origin=" + origin + "  application=" + CONNECTOR + "  stage=VALUE_CONVERTER  REPLAY")
                .contains("stage=TASK_PUT  REPLAY", "annotationId")
                .contains(DLQ + ": 2 dead letters, 2 chosen for replay", "dry run: nothing published");
        assertThat(cli("dlq", "replay", "--topic", DLQ, "--where", "key=p21", "--apply"))
                .contains("published 1 to " + SCORED.name());
        // back on its topic, the sink dead-letters it again: the third dead letter names the one it was replayed from
        ConsumerRecord<String, byte[]> again = cluster.readRawUntil(DLQ, WAIT, r -> r.size() >= 3).get(2);
        assertThat(again.key()).isEqualTo("p21");
        assertThat(header(again, "causal-stream.replayed-from")).isEqualTo(origin);
        assertThat(cli("dlq", "replay", "--topic", DLQ, "--where", "key=p21"))
                .contains("origin=" + origin + "  application=" + CONNECTOR + "  stage=VALUE_CONVERTER  ALREADY_REPLAYED");
    }

    /** {@code deploy/causal-stream ARGS} on the test's broker and registry: what it printed (exit code 0). */
    private String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = CausalStream.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--bootstrap-servers", cluster.bootstrapServers(), "--registry", cluster.registryUrl()));
        assertThat(cli.execute(all.toArray(String[]::new))).as(String.join(" ", args) + ": " + err).isZero();
        return out.toString();
    }

    /**
     * Every query docs/graph-database.md shows runs on the graph as written; the one for signs that annotators
     * disagree on finds the rules' sign against the model's in each of the 12 passages.
     */
    private void docsQueriesRun() {
        String page = io.causalstream.deploy.docs.RepositoryFiles.read(
                io.causalstream.deploy.docs.RepositoryFiles.root().resolve("docs/graph-database.md"));
        List<String> queries = java.util.regex.Pattern.compile("```cypher\\n(.*?)```", java.util.regex.Pattern.DOTALL)
                .matcher(page).results().map(m -> m.group(1).strip()).toList();
        assertThat(queries).as("the page's queries").hasSizeGreaterThanOrEqualTo(3);
        for (String q : queries) {
            List<List<JsonNode>> rows = neo4j.rows(q);
            if (q.contains("a.sign <> b.sign")) {
                assertThat(rows).as(q).hasSize(12).allSatisfy(r -> assertThat(r.get(3).asText()).isEqualTo("model"));
            }
        }
    }

    private void awaitCount(String cypher, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        long last = -1;
        while (System.nanoTime() < deadline) {
            try {
                last = count(cypher);
                if (last == expected) {
                    return;
                }
            } catch (RuntimeException neo4jBusy) {
                // read again
            }
            Thread.sleep(300);
        }
        throw new AssertionError(cypher + " gave " + last + ", not " + expected + "; connector: "
                + worker.status(CONNECTOR));
    }

    static CollectiveMap map(String id, List<MapConcept> concepts, List<CollectiveEdge> edges, List<ConceptMerge> merges) {
        return CollectiveMap.newBuilder().setMapId(id).setConcepts(concepts).setEdges(edges).setMerges(merges)
                .setEdgeCount(edges.size()).setContributions(3).setUpdatedAt(Instant.ofEpochMilli(1_700_000_000_000L)).build();
    }

    static MapConcept concept(String id, String label, String... aliases) {
        return MapConcept.newBuilder().setId(id).setLabel(label).setAliases(List.of(aliases)).build();
    }

    static CollectiveEdge mapEdge(String source, String target, double weight) {
        return CollectiveEdge.newBuilder().setSource(source).setTarget(target).setWeight(weight).setPassages(2)
                .setAnnotators(2).setPositive(weight > 0 ? 2 : 0).setNegative(weight > 0 ? 0 : 2)
                .setPositiveMass(weight > 0 ? 1.0 : 0).setNegativeMass(weight > 0 ? 0 : 1.0).setContradicting(0)
                .setProvenanceCount(2).setProvenance(List.of()).build();
    }

    private void awaitGraphMatchesTopic() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        AssertionError last = null;
        while (System.nanoTime() < deadline) {
            try {
                assertGraphMatchesTopic();
                return;
            } catch (AssertionError | RuntimeException e) {
                last = e instanceof AssertionError a ? a : new AssertionError(e);
                Thread.sleep(500);
            }
        }
        throw new AssertionError("the graph never matched the topic; connector: " + worker.status(CONNECTOR), last);
    }

    private void assertGraphMatchesTopic() {
        Set<String> passages = new HashSet<>();
        Set<String> concepts = new HashSet<>();
        live.values().forEach(g -> {
            passages.add(g.getPassageId());
            g.getEdges().forEach(e -> {
                concepts.add(e.getTriple().getSource().strip().toLowerCase().replaceAll("\\s+", " "));
                concepts.add(e.getTriple().getTarget().strip().toLowerCase().replaceAll("\\s+", " "));
            });
        });
        assertThat(count("MATCH (a:Annotation) RETURN count(a)")).isEqualTo(live.size());
        assertThat(count("MATCH (p:Passage) RETURN count(p)")).isEqualTo(passages.size());
        assertThat(count("MATCH (c:Concept) RETURN count(c)")).isEqualTo(concepts.size());
        assertThat(count("MATCH ()-[r:CAUSES]->() RETURN count(r)")).as(this::edgesAgainstTheTopic)
                .isEqualTo(expectedEdges());
        assertThat(count("MATCH ()-[r:CAUSES]->() WITH r.passage AS p, r.annotation AS a, r.index AS i, count(*) AS n "
                + "WHERE n > 1 RETURN count(*)")).as("duplicate edges").isZero();
    }

    /** Where the graph's CAUSES edges differ from the topic's, per passage and annotation (for a failure's message). */
    private String edgesAgainstTheTopic() {
        Map<String, Long> expected = new java.util.TreeMap<>();
        live.values().forEach(g -> expected.put(g.getPassageId() + "/" + g.getAnnotationId(),
                (long) g.getEdges().size()));
        Map<String, Long> found = new java.util.TreeMap<>();
        for (List<JsonNode> row : neo4j.rows("MATCH ()-[r:CAUSES]->() RETURN r.passage, r.annotation, count(r)")) {
            found.put(row.get(0).asText() + "/" + row.get(1).asText(), row.get(2).asLong());
        }
        Set<String> keys = new java.util.TreeSet<>(expected.keySet());
        keys.addAll(found.keySet());
        List<String> differing = keys.stream().filter(k -> !expected.getOrDefault(k, 0L).equals(found.getOrDefault(k,
                0L))).map(k -> k + ": " + found.getOrDefault(k, 0L) + " edges, the topic " + expected.getOrDefault(k,
                0L)).toList();
        return "CAUSES edges against the topic's; differing: " + differing + "; connector: " + worker.status(CONNECTOR);
    }

    private long expectedEdges() {
        return live.values().stream().mapToLong(g -> g.getEdges().size()).sum();
    }

    /** Waits until the connector's consumer group has committed the end of every partition it reads. */
    private void awaitCaughtUp() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
            for (int p = 0; p < 3; p++) {
                ends.put(new TopicPartition(SCORED.name(), p), OffsetSpec.latest());
            }
            var end = admin.listOffsets(ends).all().get();
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(
                        "connect-" + CONNECTOR).partitionsToOffsetAndMetadata().get();
                if (end.entrySet().stream().allMatch(e -> committed.get(e.getKey()) != null
                        && committed.get(e.getKey()).offset() >= e.getValue().offset())) {
                    return;
                }
                Thread.sleep(300);
            }
            throw new AssertionError("the connector did not commit the topic's end within " + WAIT);
        }
    }

    private long count(String cypher) {
        return neo4j.count(cypher);
    }

    private void publish(List<ScoredGraph> graphs) {
        graphs.forEach(g -> live.put(g.getPassageId() + "/" + g.getAnnotationId(), g));
        cluster.sendAll(SCORED, graphs.stream().map(g -> Map.entry(g.getPassageId(), g)).toList());
    }

    private void tombstone(String passage) throws Exception {
        live.values().removeIf(g -> g.getPassageId().equals(passage));
        try (var producer = new KafkaProducer<String, byte[]>(Map.of("bootstrap.servers", cluster.bootstrapServers()),
                new StringSerializer(), new org.apache.kafka.common.serialization.ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(SCORED.name(), passage, null)).get();
        }
    }

    private static String header(ConsumerRecord<?, ?> r, String name) {
        var h = r.headers().lastHeader(name);
        return h == null ? "" : new String(h.value(), StandardCharsets.UTF_8);
    }

    static ScoredEdge edge(String source, String target, Direction direction, double strength) {
        return ScoredEdge.newBuilder().setTriple(Samples.triple(source, target, direction)).setStrength(strength)
                .setValidation(ValidationState.VALIDATED).setStages(List.of()).build();
    }

    static ScoredGraph scored(String passage, String annotation, String annotator, ScoredEdge... edges) {
        return ScoredGraph.newBuilder().setPassageId(passage).setAnnotationId(annotation)
                .setAnnotator(Annotator.newBuilder().setId(annotator).setKind(AnnotatorKind.MODEL).build())
                .setEdges(List.of(edges)).setScores(List.of()).setScoredAt(Instant.ofEpochMilli(1_700_000_000_000L))
                .build();
    }
}
