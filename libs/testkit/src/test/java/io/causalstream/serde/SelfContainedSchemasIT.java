package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.apicurio.registry.serde.config.SerdeConfig;
import io.apicurio.registry.serde.kafka.config.KafkaSerdeConfig;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.RegistryAdmin;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.maps.MapConcept;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.Samples;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * An existing deployment moves to self-contained schemas: a registry of its own (the shared test registry must not
 * get type subjects) holding what the serdes registered before, records written then, the move, the serdes of
 * today on top. Every new version is accepted by the registry's BACKWARD check (the global rule is on).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SelfContainedSchemasIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A serde factory that gives up on the registry within seconds, for the write the registry refuses. */
    private static final RetryingDeserializer.Policy QUICK = new RetryingDeserializer.Policy(Duration.ofMillis(100),
            Duration.ofMillis(200), Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2));

    private SchemaRegistryProcess registry;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start() throws Exception {
        Path archive = KafkaTestCluster.registryArchive();
        registry = SchemaRegistryProcess.start(archive, SchemaRegistryProcess.defaultInstallDir(archive),
                LocalPorts.pickFree(), Files.createTempFile("self-contained-registry", ".log"));
        new RegistryAdmin(registry.url()).requireBackwardCompatibility();
    }

    @AfterAll
    void stop() {
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void oldVersionsWithReferencesMoveToSelfContainedOnesThatPassBackwardAndOldRecordsStillDecode() throws Exception {
        Map<Topic<?>, SpecificRecord> records = new LinkedHashMap<>();
        records.put(Topics.SCORED_GRAPHS, scoredGraph());
        records.put(Topics.EXTRACTIONS, Samples.extraction("p1", "rules-v1",
                Samples.triple("rain", "floods", Direction.INCREASE)));
        records.put(Topics.CAUSAL_MAPS, causalMap());
        records.put(Topics.PASSAGES, Passage.newBuilder().setId("p1").setText("Rain leads to floods.")
                .setPublishedAt(Instant.EPOCH).build());

        // before: Apicurio's serializer with its own reference handling, as the serdes were configured until now
        Map<Topic<?>, byte[]> before = new LinkedHashMap<>();
        records.forEach((topic, value) -> before.put(topic, formerSerializer().serialize(topic.name(), value)));
        assertThat(subjects()).contains("io.causalstream.schemas.graph.Annotator", "io.causalstream.schemas.graph.Triple");
        assertThat(latest("scored-graphs-value").get("references")).hasSize(5);
        assertThat(latest("extractions-value").get("references")).hasSize(3);
        assertThat(latest("causal-maps-value").get("references")).hasSize(3);
        assertThat(new RegistryAdmin(registry.url()).compatibility()).contains("BACKWARD");

        // the serdes of today cannot register on top of a version with references: the registry's Avro check
        // parses the old version with the new version's references (none), and refuses with 422
        AvroSerdes quick = new AvroSerdes(registry.url(), Map.of(), QUICK);
        Throwable refused = catchThrowable(() -> quick.valueSerializer(Topics.SCORED_GRAPHS)
                .serialize(Topics.SCORED_GRAPHS.name(), (ScoredGraph) records.get(Topics.SCORED_GRAPHS)));
        assertThat(DecodeFailures.summary(refused)).contains("schema registry answered HTTP 422");

        AvroSerdes serdes = new AvroSerdes(registry.url());
        SelfContainedSchemas move = new SelfContainedSchemas(serdes);
        // a dry run changes nothing
        assertThat(move.run(false)).extracting(SelfContainedSchemas.Subject::subject,
                        SelfContainedSchemas.Subject::references, SelfContainedSchemas.Subject::outcome)
                .containsExactlyInAnyOrder(
                        tuple("scored-graphs-value", 5, SelfContainedSchemas.Outcome.TO_MOVE),
                        tuple("extractions-value", 3, SelfContainedSchemas.Outcome.TO_MOVE),
                        tuple("causal-maps-value", 3, SelfContainedSchemas.Outcome.TO_MOVE),
                        tuple("passages-value", 0,
                                SelfContainedSchemas.Outcome.SELF_CONTAINED));
        assertThat(versions("scored-graphs-value")).containsExactly(1);

        // the move: a bridge (references inlined and kept) and a self-contained version, both accepted
        List<SelfContainedSchemas.Subject> moved = move.run(true);
        assertThat(moved).filteredOn(s -> s.outcome() == SelfContainedSchemas.Outcome.MOVED)
                .extracting(SelfContainedSchemas.Subject::subject, SelfContainedSchemas.Subject::bridgeVersion,
                        SelfContainedSchemas.Subject::selfContainedVersion)
                .containsExactlyInAnyOrder(tuple("scored-graphs-value", "2", "3"),
                        tuple("extractions-value", "2", "3"),
                        tuple("causal-maps-value", "2", "3"));
        // a second run finds nothing to do
        assertThat(move.run(true)).extracting(SelfContainedSchemas.Subject::outcome)
                .containsOnly(SelfContainedSchemas.Outcome.SELF_CONTAINED);

        for (var e : records.entrySet()) {
            String subject = e.getKey().name() + "-value";
            JsonNode latest = latest(subject);
            byte[] now = encode(serdes, e.getKey(), e.getValue());
            // the serdes find the self-contained version and add none of their own
            assertThat(schemaId(now)).as(subject).isEqualTo(latest.get("id").asInt());
            assertThat(versions(subject)).as(subject).hasSize(e.getKey() == Topics.PASSAGES ? 1 : 3);
            // one lookup, no reference followed: the schema by id parses alone
            JsonNode byId = get("/schemas/ids/" + schemaId(now));
            assertThat(byId.path("references")).as(subject).isEmpty();
            Schema parsed = new Schema.Parser().parse(byId.get("schema").asText());
            assertThat(parsed).isEqualTo(e.getValue().getSchema());
            // records written before and after decode alike
            assertThat(decode(serdes, e.getKey(), before.get(e.getKey()))).as(subject).isEqualTo(e.getValue());
            assertThat(decode(serdes, e.getKey(), now)).as(subject).isEqualTo(e.getValue());
        }
    }

    private AvroKafkaSerializer<SpecificRecord> formerSerializer() {
        AvroKafkaSerializer<SpecificRecord> s = new AvroKafkaSerializer<>();
        s.configure(Map.of(SerdeConfig.REGISTRY_URL, RegistryEndpoints.nativeApi(registry.url()),
                SerdeConfig.AUTO_REGISTER_ARTIFACT, true, SerdeConfig.USE_ID, "contentId",
                KafkaSerdeConfig.ENABLE_HEADERS, false), false);
        return s;
    }

    @SuppressWarnings("unchecked")
    private static <V extends SpecificRecord> byte[] encode(AvroSerdes serdes, Topic<V> topic, SpecificRecord value) {
        return serdes.valueSerializer(topic).serialize(topic.name(), (V) value);
    }

    private static <V extends SpecificRecord> V decode(AvroSerdes serdes, Topic<V> topic, byte[] bytes) {
        return serdes.valueDeserializer(topic).deserialize(topic.name(), bytes);
    }

    private static int schemaId(byte[] bytes) {
        return ByteBuffer.wrap(bytes, 1, 4).getInt();
    }

    private List<String> subjects() throws Exception {
        List<String> out = new ArrayList<>();
        get("/subjects").forEach(s -> out.add(s.asText()));
        return out;
    }

    private List<Integer> versions(String subject) throws Exception {
        List<Integer> out = new ArrayList<>();
        get("/subjects/" + subject + "/versions").forEach(v -> out.add(v.asInt()));
        return out;
    }

    private JsonNode latest(String subject) throws Exception {
        return get("/subjects/" + subject + "/versions/latest");
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(
                RegistryEndpoints.confluentApi(registry.url()) + path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static ScoredGraph scoredGraph() {
        return ScoredGraph.newBuilder().setPassageId("p1").setAnnotationId("rules-v1")
                .setAnnotator(Annotator.newBuilder().setId("rules-v1").setKind(AnnotatorKind.RULES).build())
                .setEdges(List.of()).setScores(List.of()).setScoredAt(Instant.EPOCH).build();
    }

    private static CollectiveMap causalMap() {
        return CollectiveMap.newBuilder().setMapId("all")
                .setConcepts(List.of(MapConcept.newBuilder().setId("rain").setLabel("rain").setAliases(List.of())
                        .build()))
                .setEdges(List.of()).setMerges(List.of()).setEdgeCount(0).setContributions(1)
                .setUpdatedAt(Instant.EPOCH).build();
    }
}
