package io.causalstream.scorer.maps;

import static io.causalstream.scorer.maps.MapFixtures.down;
import static io.causalstream.scorer.maps.MapFixtures.graph;
import static io.causalstream.scorer.maps.MapFixtures.up;
import static io.causalstream.schemas.graph.AnnotatorKind.HUMAN;
import static io.causalstream.schemas.graph.AnnotatorKind.MODEL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.aggregate.ScoredGraphs;
import io.causalstream.fcm.analysis.MapComparison;
import io.causalstream.fcm.analysis.Simulation;
import io.causalstream.fcm.analysis.SimulationResult;
import io.causalstream.fcm.analysis.SimulationSettings;
import io.causalstream.fcm.analysis.Squashing;
import io.causalstream.fcm.analysis.UpdateRule;
import io.causalstream.fcm.io.MapJson;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.javalin.Javalin;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The maps' HTTP API over maps held in memory: shapes, status codes, bounds, and the library's answers. */
class MapsApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Javalin app;
    private static String base;
    private static CognitiveMap all;
    private static CognitiveMap human;

    private static CognitiveMap map(String id, ScoredGraph... graphs) {
        MapAggregator a = new MapAggregator(AggregationSettings.DEFAULT);
        for (ScoredGraph g : graphs) {
            a.put(ScoredGraphs.contribution(g));
        }
        return a.snapshot(id);
    }

    @BeforeAll
    static void start() {
        ScoredGraph p1 = graph("p1", "a1", "llama3", MODEL, up("rain", "flooding", 0.8),
                up("flooding", "crop damage", 0.9), down("dams", "flooding", 0.7));
        ScoredGraph p2 = graph("p2", "a2", "Human1", HUMAN, down("rain", "flooding", 0.6),
                up("flooding", "crop damage", 0.5));
        all = map("all", p1, p2);
        human = map("kind:human", p2);
        Map<String, MapSnapshot> maps = new LinkedHashMap<>();
        maps.put("all", MapSnapshot.of(all, 1_700_000_000_000L, 2));
        maps.put("kind:human", MapSnapshot.of(human, 1_700_000_000_001L, 1));
        app = Javalin.create(c -> c.showJavalinBanner = false);
        new MapsApi(MapDirectory.of(maps)).register(app);
        app.start("127.0.0.1", 0);
        base = "http://127.0.0.1:" + app.port();
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path))
                        .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                        .build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> r) throws Exception {
        return JSON.readTree(r.body());
    }

    @Test
    void listsMapsWithTheirSizes() throws Exception {
        HttpResponse<String> r = get("/api/maps");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        JsonNode maps = json(r).get("maps");
        assertThat(maps).hasSize(2);
        assertThat(maps.get(0).get("id").asText()).isEqualTo("all");
        assertThat(maps.get(0).get("concepts").asInt()).isEqualTo(4);
        assertThat(maps.get(0).get("edges").asInt()).isEqualTo(3);
        assertThat(maps.get(0).get("updated").asLong()).isEqualTo(1_700_000_000_000L);
        assertThat(maps.get(1).get("id").asText()).isEqualTo("kind:human");
        // same origin only: the pages that read the maps are the scorer's own, no foreign site may read them
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void servesAMapAsTheLibrarysJsonAndFiltersByWeight() throws Exception {
        HttpResponse<String> r = get("/api/maps/all");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(MapJson.read(r.body())).isEqualTo(all);
        JsonNode edge = json(r).get("edges").get(0);
        assertThat(edge.has("support")).isTrue();
        assertThat(edge.get("provenance").get(0).has("spans")).isTrue();

        // rain -> flooding: (0.8 - 0.6) / 3 = 0.067 drops out at 0.1; dams -> flooding -0.35 stays
        CognitiveMap filtered = MapJson.read(get("/api/maps/all?minWeight=0.1").body());
        assertThat(filtered.edges()).extracting(e -> e.source() + " -> " + e.target())
                .containsExactly("dams -> flooding", "flooding -> crop damage");
        assertThat(filtered.concepts()).extracting(c -> c.id()).containsExactlyInAnyOrder("dams", "flooding",
                "crop damage");
        assertThat(get("/api/maps/kind%3Ahuman").statusCode()).isEqualTo(200);
        assertThat(get("/api/maps/all?minWeight=2").statusCode()).isEqualTo(400);
        assertThat(get("/api/maps/all?minWeight=x").statusCode()).isEqualTo(400);
        HttpResponse<String> missing = get("/api/maps/nope");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(json(missing).get("error").asText()).contains("nope");
    }

    @Test
    void servesOneEdgesFullProvenance() throws Exception {
        HttpResponse<String> r = get("/api/maps/all/edges?source=rain&target=flooding");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode edge = json(r);
        assertThat(edge.get("weight").asDouble()).isCloseTo(0.2 / 3, within(1e-12));
        assertThat(edge.get("support").get("positive").asInt()).isEqualTo(1);
        assertThat(edge.get("support").get("negative").asInt()).isEqualTo(1);
        assertThat(edge.get("provenance")).extracting(p -> p.get("passageId").asText())
                .containsExactlyInAnyOrder("p1", "p2");
        assertThat(get("/api/maps/all/edges?source=rain&target=dams").statusCode()).isEqualTo(404);
        assertThat(get("/api/maps/all/edges?source=rain").statusCode()).isEqualTo(400);
    }

    @Test
    void simulatesAScenarioAsTheLibraryDoes() throws Exception {
        HttpResponse<String> r = post("/api/maps/all/simulate", """
                {"clamp": {"rain": 1.0}, "squashing": "tanh", "rule": "modified-kosko", "maxIterations": 200}""");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode out = json(r);
        SimulationSettings s = new SimulationSettings(UpdateRule.MODIFIED_KOSKO, Squashing.tanh(1), 200, 1e-5);
        SimulationResult expected = Simulation.run(all, Map.of(), 0, Map.of("rain", 1.0), s);
        assertThat(out.get("outcome").asText()).isEqualTo(expected.outcome().name());
        assertThat(out.get("iterations").asInt()).isEqualTo(expected.iterations());
        assertThat(out.get("trajectory")).hasSize(expected.iterations() + 1);
        assertThat(out.get("finalState").get("crop damage").asDouble())
                .isCloseTo(expected.value("crop damage"), within(1e-12));
        assertThat(out.get("finalState").get("rain").asDouble()).isEqualTo(1.0);
        assertThat(out.get("baseline").get("outcome").asText()).isNotEmpty();
        assertThat(out.get("change").has("flooding")).isTrue();
        assertThat(out.get("settings").get("rule").asText()).isEqualTo("MODIFIED_KOSKO");
        // maxSteps is accepted for maxIterations; bivalent runs
        assertThat(post("/api/maps/all/simulate", "{\"clamp\":{\"rain\":1},\"squashing\":\"bivalent\",\"maxSteps\":5}")
                .statusCode()).isEqualTo(200);
    }

    @Test
    void refusesBadSimulationRequestsWithTheReason() throws Exception {
        for (String body : List.of("not json", "[1]", "{\"clamp\": {\"rain\": 2}}", "{\"clamp\": {\"snow\": 1}}",
                "{\"rule\": \"euler\"}", "{\"squashing\": \"relu\"}", "{\"maxIterations\": 100000}",
                "{\"clamps\": {}}", "{\"clamp\": {\"rain\": \"high\"}}")) {
            HttpResponse<String> r = post("/api/maps/all/simulate", body);
            assertThat(r.statusCode()).as(body).isEqualTo(400);
            assertThat(json(r).get("error").asText()).as(body).isNotBlank();
        }
        assertThat(post("/api/maps/nope/simulate", "{}").statusCode()).isEqualTo(404);
    }

    @Test
    void analysesCentralityRolesAndIndices() throws Exception {
        JsonNode out = json(get("/api/maps/all/analyse"));
        assertThat(out.get("concepts").asInt()).isEqualTo(4);
        assertThat(out.get("connections").asInt()).isEqualTo(3);
        Map<String, String> roles = new LinkedHashMap<>();
        out.get("centralities").forEach(c -> roles.put(c.get("concept").asText(), c.get("role").asText()));
        assertThat(roles).containsEntry("rain", "TRANSMITTER").containsEntry("dams", "TRANSMITTER")
                .containsEntry("flooding", "ORDINARY").containsEntry("crop damage", "RECEIVER");
        assertThat(out.get("complexity").asDouble()).isCloseTo(0.5, within(1e-12)); // R / T = 1 / 2
        assertThat(out.has("density")).isTrue();
    }

    @Test
    void exportsGraphMlCsvAndJsonAsDownloads() throws Exception {
        HttpResponse<String> graphml = get("/api/maps/kind%3Ahuman/export?format=graphml");
        assertThat(graphml.statusCode()).isEqualTo(200);
        assertThat(graphml.headers().firstValue("Content-Type").orElse("")).startsWith("application/graphml+xml");
        assertThat(graphml.headers().firstValue("Content-Disposition").orElse(""))
                .isEqualTo("attachment; filename=\"kind_human.graphml\"");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(graphml.body().getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getElementsByTagName("node").getLength()).isEqualTo(human.concepts().size());
        assertThat(doc.getElementsByTagName("edge").getLength()).isEqualTo(human.edges().size());

        HttpResponse<String> csv = get("/api/maps/all/export?format=csv");
        assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
        assertThat(csv.body().lines().count()).isEqualTo(all.concepts().size() + 1);
        HttpResponse<String> json = get("/api/maps/all/export?format=json");
        assertThat(MapJson.read(json.body())).isEqualTo(all);
        assertThat(get("/api/maps/all/export?format=pdf").statusCode()).isEqualTo(400);
    }

    @Test
    void comparesTwoMaps() throws Exception {
        HttpResponse<String> r = get("/api/maps/compare?a=all&b=kind:human");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode out = json(r);
        MapComparison expected = MapComparison.of(all, human);
        assertThat(out.get("a").asText()).isEqualTo("all");
        assertThat(out.get("conceptJaccard").asDouble()).isCloseTo(expected.conceptJaccard(), within(1e-12));
        assertThat(out.get("commonEdges").asInt()).isEqualTo(expected.commonEdges());
        assertThat(out.has("s2")).isTrue();
        assertThat(get("/api/maps/compare?a=all&b=nope").statusCode()).isEqualTo(404);
        assertThat(get("/api/maps/compare?a=all").statusCode()).isEqualTo(400);
    }
}
