package io.causalstream.deploy.clients;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.app.EloService;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.serde.RegistryEndpoints;
import io.causalstream.testkit.InJvmBroker;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.zip.CRC32;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client in another language against the running system: {@code deploy/clients/python/scored_graph_roundtrip.py},
 * run by Debian's Python with Debian's {@code python3-confluent-kafka} and {@code python3-avro} only, publishes a
 * passage through the registry's Confluent API and reads its extraction, its scored graph and the causal map back,
 * each decoded with one schema lookup by id (the script refuses a schema with references). The module's shared
 * registry, a broker of this test's own (topics of 3 partitions, as the local runtime makes them), the three
 * services in this JVM.
 */
@ExtendWith(KafkaTestCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PythonClientIT {

    private static final Logger log = LoggerFactory.getLogger(PythonClientIT.class);
    /** Debian's interpreter: the one the apt packages install into (a pyenv python3 on the PATH has neither). */
    static final Path PYTHON = Path.of("/usr/bin/python3");
    static final String PACKAGES = "python3-confluent-kafka python3-avro";
    /** The script, from the module's directory (the tests' working directory). */
    static final Path SCRIPT = Path.of("..", "clients", "python", "scored_graph_roundtrip.py").toAbsolutePath()
            .normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Words no other test publishes, so the map's edges of this passage hold few annotations besides its own. */
    private static final String TEXT = "Cheap solar panels lead to lower power bills. Lower power bills reduce "
            + "household debt.";

    private static final int PARTITIONS = 3;

    private KafkaClusterTestKit broker;
    private TestCluster cluster;
    private final List<AutoCloseable> services = new ArrayList<>();

    @BeforeAll
    void startServices(TestCluster shared) throws Exception {
        requireDebianPython();
        // topics of 3 partitions, as deploy/run-local makes them: a passage must land where Java's producer puts its
        // key, or the scorer never joins its text with its extraction (the edges stay UNCHECKED)
        broker = InJvmBroker.withTopics(PARTITIONS);
        cluster = shared.onBroker(broker.bootstrapServers());
        Path state = Files.createTempDirectory("python-client-it");
        Map<String, String> rules = Map.of("extractor.backend", "rules"); // fast, and its two triples known
        services.add(ExtractorService.start(cluster.streamsService("py-extractor", state.resolve("extractor"), rules)));
        services.add(ScorerService.start(cluster.streamsService("py-scorer", state.resolve("scorer"), Map.of())));
        services.add(EloService.start(cluster.streamsService("py-elo", state.resolve("elo"), Map.of())));
    }

    @AfterAll
    void stopServices() {
        services.add(broker);
        for (AutoCloseable closeable : services) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                log.warn("closing {} failed", closeable, e);
            }
        }
    }

    @Test
    void publishesAPassageAndReadsItsExtractionScoredGraphAndMapBack() throws Exception {
        String id = idPartitionedApart();
        Run run = script("--id", id, "--text", TEXT, "--timeout", "120");
        assertThat(run.exit()).as(run.toString()).isZero();
        List<JsonNode> lines = run.stdout().lines().map(PythonClientIT::json).toList();
        assertThat(lines).as(run.toString()).extracting(l -> l.get("topic").asText())
                .containsExactly("passages", "extractions", "scored-graphs", "causal-maps");
        assertThat(lines.subList(0, 3)).allSatisfy(l -> assertThat(l.get("key").asText()).isEqualTo(id));

        // every schema id the script wrote or decoded is one the registry holds for that topic's subject
        for (JsonNode line : lines) {
            assertThat(subjectIds(line.get("topic").asText() + "-value")).as(line.toString())
                    .contains(line.get("schemaId").asInt());
        }
        // keyed records on the partition Java's producer picks for the key, the passage's as its outputs'
        assertThat(lines.subList(0, 3)).allSatisfy(l -> assertThat(l.get("partition").asInt())
                .isEqualTo(javaPartition(id)));

        // what Python wrote, the services read; what it decoded, Java decodes alike from the same records
        Passage passage = javaRecord(Topics.PASSAGES, lines.get(0));
        assertThat(passage.getId()).isEqualTo(id);
        assertThat(passage.getText()).isEqualTo(TEXT);
        assertThat(passage.getMetadata()).containsEntry("client", "python");

        JsonNode extractionLine = lines.get(1);
        Extraction extraction = javaRecord(Topics.EXTRACTIONS, extractionLine);
        assertThat(extractionLine.get("annotationId").asText()).isEqualTo(extraction.getAnnotationId());
        assertThat(extractionLine.get("kind").asText()).isEqualTo(AnnotatorKind.RULES.name());
        assertThat(extractionLine.get("triples").asInt()).isEqualTo(extraction.getTriples().size()).isEqualTo(2);

        JsonNode scoredLine = lines.get(2);
        ScoredGraph scored = javaRecord(Topics.SCORED_GRAPHS, scoredLine);
        assertThat(scoredLine.get("annotationId").asText()).isEqualTo(extraction.getAnnotationId());
        assertThat(scoredLine.get("edges").asInt()).isEqualTo(scored.getEdges().size()).isEqualTo(2);
        assertThat(scoredLine.get("validated").asInt()).isEqualTo((int) scored.getEdges().stream()
                .filter(e -> e.getValidation() == ValidationState.VALIDATED).count());
        assertThat(scoredLine.get("gold").isNull()).as("no gold for a new passage").isTrue();
        assertThat(scored.getEdges()).as("validation read the passage's text").allSatisfy(e -> {
            assertThat(e.getValidation()).isNotEqualTo(ValidationState.UNCHECKED);
            assertThat(e.getStages()).isNotEmpty();
        });

        // the collective map `all` holds the passage's edges (those validation did not reject), naming it in their
        // provenance
        JsonNode mapLine = lines.get(3);
        CollectiveMap map = javaRecord(Topics.CAUSAL_MAPS, mapLine);
        assertThat(mapLine.get("key").asText()).isEqualTo("all");
        assertThat(mapLine.get("mapId").asText()).isEqualTo(map.getMapId()).isEqualTo("all");
        assertThat(mapLine.get("concepts").asInt()).isEqualTo(map.getConcepts().size());
        assertThat(mapLine.get("edges").asInt()).isEqualTo(map.getEdges().size());
        assertThat(mapLine.get("passageEdges").asInt()).isBetween(1, 2).isEqualTo((int) map.getEdges().stream()
                .filter(e -> e.getProvenance().stream().anyMatch(m -> m.getPassageId().equals(id))).count());
    }

    /**
     * A passage id on which librdkafka's default partitioner (CRC32 of the key) and Java's (murmur2) disagree, so a
     * client that kept librdkafka's default would put the passage on another partition than its extractions.
     */
    private static String idPartitionedApart() {
        for (int n = 0; ; n++) {
            String id = "python-it-" + n;
            CRC32 crc = new CRC32();
            crc.update(id.getBytes(StandardCharsets.UTF_8));
            if (crc.getValue() % PARTITIONS != javaPartition(id)) {
                return id;
            }
        }
    }

    private static int javaPartition(String key) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
    }

    /** The record the script's line names (topic, partition, offset), read and decoded by the Java serdes. */
    private <V extends SpecificRecord> V javaRecord(Topic<V> topic, JsonNode line) {
        int partition = line.get("partition").asInt();
        long offset = line.get("offset").asLong();
        Predicate<ConsumerRecord<String, V>> same = r -> r.partition() == partition && r.offset() == offset;
        return cluster.readUntil(topic, Duration.ofSeconds(30), rs -> rs.stream().anyMatch(same)).stream()
                .filter(same).findFirst().orElseThrow().value();
    }

    @Test
    void aRecordThatNeverComesFailsWithWhatWasMissing() throws Exception {
        Run run = script("--text", TEXT, "--map", "no-such-map", "--timeout", "5");
        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(run.stderr()).contains("timed out after 5 s").contains("causal-maps (map no-such-map")
                .doesNotContain("Traceback");
    }

    private List<Integer> subjectIds(String subject) throws Exception {
        String api = RegistryEndpoints.confluentApi(cluster.registryUrl());
        List<Integer> ids = new ArrayList<>();
        for (JsonNode version : get(api + "/subjects/" + subject + "/versions")) {
            ids.add(get(api + "/subjects/" + subject + "/versions/" + version.asInt()).get("id").asInt());
        }
        return ids;
    }

    private static JsonNode get(String uri) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(uri)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(uri + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static JsonNode json(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new AssertionError("not a JSON line: " + line, e);
        }
    }

    record Run(int exit, String stdout, String stderr, Duration took) {
        @Override
        public String toString() {
            return "exit " + exit + " after " + took.toMillis() + " ms\nstdout:\n" + stdout + "stderr:\n" + stderr;
        }
    }

    /** Runs the script on the test cluster; the run is bounded by its own --timeout, and this by 3 minutes. */
    private Run script(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(PYTHON.toString(), SCRIPT.toString(),
                "--bootstrap-servers", cluster.bootstrapServers(),
                "--registry", RegistryEndpoints.confluentApi(cluster.registryUrl())));
        cmd.addAll(List.of(args));
        Path dir = Files.createTempDirectory("python-client");
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("the script did not end within 3 minutes: " + cmd + "\n" + Files.readString(err));
        }
        Run run = new Run(p.exitValue(), Files.readString(out), Files.readString(err),
                Duration.ofNanos(System.nanoTime() - t0));
        log.info("{} {}", String.join(" ", args), run);
        return run;
    }

    /** Fails (never skips: CI installs them) naming the apt packages when Debian's Python or its modules are missing. */
    static void requireDebianPython() throws Exception {
        String install = "; install them with: apt-get install -y " + PACKAGES;
        if (!Files.isExecutable(PYTHON)) {
            throw new AssertionError("the Python client test needs Debian's " + PYTHON + " with " + PACKAGES + install);
        }
        assertThat(SCRIPT).as("the Python client").isRegularFile();
        Process p = new ProcessBuilder(PYTHON.toString(), "-c", "import confluent_kafka, avro.io, avro.schema")
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError(PYTHON + " cannot import confluent_kafka and avro (" + output.strip() + ")"
                    + install);
        }
    }
}
