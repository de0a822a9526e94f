package io.causalstream.scorer.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.aggregate.ScoredGraphs;
import io.causalstream.fcm.aggregate.VectorSimilarity;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.maps.CollectiveEdge;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.maps.MapConcept;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * End to end through the real broker and registry: the bundled sample's scored graphs (20 passages, their 200
 * annotations by 7 people and 3 LLMs, as the scorer publishes them without validation) become one collective map on {@code causal-maps}, concepts resolved with
 * the bundled MiniLM; the map equals the FCM library's aggregation of the same scored graphs, and its GraphML export
 * fetched over HTTP parses with the map's nodes and edges.
 */
@ExtendWith(KafkaTestCluster.class)
class CausalMapsIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    /** The sample the local demo publishes (deploy/launcher's resources; the tests run in this module's folder). */
    private static final Path SAMPLE = Path.of("../../deploy/launcher/src/main/resources/demo");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSamplesScoredGraphsBecomeOneCollectiveMapServedOverHttp(TestCluster cluster, @TempDir Path stateDir)
            throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String applicationId = "maps-it-" + run;
        // the map key is a passage attribute only these passages have: other tests' graphs on the shared cluster
        // stay out of this map
        String mapId = "run:" + run;
        List<Passage> passages = passages(run);
        List<ScoredGraph> scored = scoredGraphs(run);
        assertThat(passages).hasSize(20);
        assertThat(scored).hasSize(200);

        var config = cluster.streamsService(applicationId, stateDir, Map.of(
                "scorer.measures", "exact",
                "scorer.validation.enabled", "false",
                "scorer.alignment.enabled", "false",
                "scorer.maps.key", "passage:run",
                "scorer.maps.similarity", "minilm",
                "scorer.maps.emit.interval.ms", "200"));
        try (ScorerService service = ScorerService.start(config)) {
            cluster.sendAll(Topics.PASSAGES, passages.stream().map(p -> Map.entry(p.getId(), p)).toList());
            ScorerServiceIT.awaitCommitted(cluster, applicationId, Topics.PASSAGES.name());
            // the scored graphs as the scorer publishes them without validation (every edge UNCHECKED, no gold):
            // published directly, not as extractions, so that the scorers of later tests on this shared cluster,
            // which read every topic from the start, do not validate 200 more extractions
            cluster.sendAll(Topics.SCORED_GRAPHS, scored.stream().map(g -> Map.entry(g.getPassageId(), g)).toList());
            CollectiveMap emitted = cluster.readUntil(Topics.CAUSAL_MAPS, WAIT, rs -> rs.stream()
                            .anyMatch(r -> r.key().equals(mapId) && r.value().getContributions() == 200))
                    .stream().filter(r -> r.key().equals(mapId) && r.value().getContributions() == 200)
                    .reduce((a, b) -> b).orElseThrow().value();

            // the library on the same graphs in the same order, with its own copy of the bundled encoder
            CognitiveMap expected;
            try (TokenEncoder encoder = DjlTokenEncoder.open(EncoderSettings.bundledMiniLm())) {
                MapAggregator library = new MapAggregator(AggregationSettings.DEFAULT, new VectorSimilarity(
                        encoder.name(), l -> encoder.encode(List.of(l)).getFirst().meanPooled()));
                scored.forEach(g -> library.put(ScoredGraphs.contribution(g)));
                expected = library.snapshot(mapId);
            }
            assertThat(expected.concepts()).hasSizeGreaterThan(100);
            assertThat(emitted.getConcepts()).extracting(MapConcept::getId)
                    .containsExactlyElementsOf(expected.concepts().stream().map(Concept::id).toList());
            assertThat(emitted.getMerges()).hasSameSizeAs(expected.merges());
            assertThat(emitted.getEdges()).hasSameSizeAs(expected.edges());
            for (int i = 0; i < expected.edges().size(); i++) {
                MapEdge want = expected.edges().get(i);
                CollectiveEdge got = emitted.getEdges().get(i);
                assertThat(got.getSource() + " -> " + got.getTarget()).isEqualTo(want.source() + " -> "
                        + want.target());
                assertThat(got.getWeight()).isCloseTo(want.weight(), within(1e-12));
                assertThat(got.getPositive()).isEqualTo(want.support().positive());
                assertThat(got.getNegative()).isEqualTo(want.support().negative());
                assertThat(got.getProvenanceCount()).isEqualTo(want.provenance().size());
            }

            // over HTTP: listed, exported as GraphML that an XML parser reads, one edge's whole provenance
            HttpClient http = HttpClient.newHttpClient();
            String base = "http://localhost:" + service.httpPort() + "/api/maps";
            String path = base + "/" + URLEncoder.encode(mapId, StandardCharsets.UTF_8);
            JsonNode list = JSON.readTree(get(http, base + "?local=true").body());
            assertThat(list.get("maps")).anySatisfy(m -> {
                assertThat(m.get("id").asText()).isEqualTo(mapId);
                assertThat(m.get("edges").asInt()).isEqualTo(expected.edges().size());
            });
            HttpResponse<String> graphml = get(http, path + "/export?format=graphml");
            assertThat(graphml.statusCode()).isEqualTo(200);
            assertThat(graphml.headers().firstValue("Content-Type").orElse("")).startsWith("application/graphml+xml");
            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(graphml.body().getBytes(StandardCharsets.UTF_8)));
            assertThat(doc.getElementsByTagName("node").getLength()).isEqualTo(expected.concepts().size());
            assertThat(doc.getElementsByTagName("edge").getLength()).isEqualTo(expected.edges().size());
            MapEdge busiest = expected.edges().stream()
                    .max(java.util.Comparator.comparingInt(e -> e.provenance().size())).orElseThrow();
            JsonNode edge = JSON.readTree(get(http, path + "/edges?source="
                    + URLEncoder.encode(busiest.source(), StandardCharsets.UTF_8) + "&target="
                    + URLEncoder.encode(busiest.target(), StandardCharsets.UTF_8)).body());
            assertThat(edge.get("provenance")).hasSize(busiest.provenance().size());

            // the one POST, a simulation, runs for the scorer's own pages only: JSON from its own origin
            String scenario = "{\"clamp\":{" + JSON.writeValueAsString(busiest.source()) + ":1}}";
            assertThat(post(http, path + "/simulate", "application/json", null, scenario).statusCode())
                    .isEqualTo(200);
            assertThat(post(http, path + "/simulate", "application/json", "https://elsewhere.example", scenario)
                    .statusCode()).isEqualTo(403);
            assertThat(post(http, path + "/simulate", "text/plain", null, scenario).statusCode()).isEqualTo(415);
        }
    }

    private static HttpResponse<String> post(HttpClient http, String url, String type, String origin, String body)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (origin != null) {
            b.header("Origin", origin);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<Passage> passages(String run) throws Exception {
        List<Passage> out = new ArrayList<>();
        for (String line : Files.readAllLines(SAMPLE.resolve("passages.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = JSON.readTree(line);
            out.add(Passage.newBuilder().setId(n.get("id").asText() + "-" + run).setText(n.get("text").asText())
                    .setMetadata(Map.of("dataset", n.path("metadata").path("dataset").asText(), "run", run))
                    .setPublishedAt(Instant.now()).build());
        }
        return out;
    }

    private static List<ScoredGraph> scoredGraphs(String run) throws Exception {
        List<ScoredGraph> out = new ArrayList<>();
        for (String line : Files.readAllLines(SAMPLE.resolve("annotations.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = JSON.readTree(line);
            List<Triple> triples = new ArrayList<>();
            n.get("triples").forEach(t -> triples.add(Triple.newBuilder().setSource(t.get("source").asText())
                    .setTarget(t.get("target").asText()).setDirection(Direction.valueOf(t.get("direction").asText()))
                    .build()));
            JsonNode a = n.get("annotator");
            out.add(ScoredGraph.newBuilder().setPassageId(n.get("passageId").asText() + "-" + run)
                    .setAnnotationId(n.get("annotationId").asText())
                    .setAnnotator(Annotator.newBuilder().setId(a.get("id").asText())
                            .setKind(AnnotatorKind.valueOf(a.get("kind").asText())).build())
                    .setEdges(triples.stream().map(t -> ScoredEdge.newBuilder().setTriple(t)
                            .setValidation(ValidationState.UNCHECKED).build()).toList())
                    .setScores(List.of()).setScoredAt(Instant.now()).build());
        }
        return out;
    }
}
