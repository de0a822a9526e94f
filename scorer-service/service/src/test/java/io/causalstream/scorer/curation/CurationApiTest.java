package io.causalstream.scorer.curation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.runtime.RecordPublisher;
import io.causalstream.runtime.access.AccessTokens;
import io.causalstream.runtime.access.AccessSettings;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.PeerSecret;
import io.causalstream.runtime.web.Peers;
import io.causalstream.schemas.extraction.EdgeChange;
import io.causalstream.schemas.extraction.EdgeChangeKind;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.scorer.api.ScoresApi.AnnotationScores;
import io.causalstream.scorer.api.ScoresApi.EdgeView;
import io.causalstream.scorer.api.ScoresApi.PassageScores;
import io.causalstream.scorer.api.ScoresApi.Span;
import io.javalin.Javalin;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The curation API over real HTTP (Javalin with the service's HttpSecurity) and a mock producer: the attacks are
 * each refused with a clear error and nothing published; a good correction is published once, with its derivation.
 */
class CurationApiTest {

    private static final String SECRET = "a-secret-of-sufficient-length-for-hmac-0123";
    private static final String TEXT = "Drought cuts harvests. Irrigation raises yields and lowers prices.";
    private static final String TOKEN = "ann-token-0123456789";

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private final MockProducer<String, Extraction> extractions = new MockProducer<>(true, null,
            new StringSerializer(), (t, e) -> e.getAnnotationId().getBytes(StandardCharsets.UTF_8));
    private final MockProducer<String, GoldGraph> golds = new MockProducer<>(true, null, new StringSerializer(),
            (t, g) -> g.getAnnotationId().getBytes(StandardCharsets.UTF_8));
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final List<AnnotationScores> stored = new ArrayList<>();
    private Javalin app;

    @BeforeEach
    void start() {
        stored.add(new AnnotationScores("model", "model", "MODEL", null, null, List.of(), null, null, null, List.of(
                edge("drought", "harvests", "INCREASE"), edge("irrigation", "yields", "INCREASE"),
                edge("harvests", "tourism", "DECREASE")), 0));
        AccessSettings access = new AccessSettings(Map.of(AccessTokens.hash(TOKEN), "Ann"), false, SECRET, true,
                Duration.ofHours(1), Set.of());
        SessionEndpoints sessions = SessionEndpoints.of(access, CurationApi.CURATORS,
                new Peers(http, PeerSecret.of(SECRET)), List::of, Clock.systemUTC());
        app = Javalin.create(cfg -> cfg.showJavalinBanner = false);
        new HttpSecurity(Set.of(), 64 * 1024).register(app);
        new CurationApi(id -> id.equals("p1") ? new PassageScores("p1", TEXT, "Farming", List.copyOf(stored))
                : new PassageScores(id, null, null, List.of()), () -> List.of("crop yields", "food prices"), sessions,
                new CurationSettings(access, 600, 100, CurationLimits.DEFAULT), new CurationApi.Outlets(
                        new RecordPublisher<>(extractions, "extractions", Duration.ofSeconds(5)),
                        new RecordPublisher<>(golds, "gold-graphs", Duration.ofSeconds(5)), CurationApi.meters(meters)),
                Clock.systemUTC()).register(app);
        app.start("127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        app.stop();
        http.close();
    }

    private static EdgeView edge(String s, String t, String d) {
        return new EdgeView(s, t, d, null, "VALIDATED", List.of(), List.of(new Span(0, 7)));
    }

    private record Curator(String cookie, String csrf) {
    }

    private Curator signIn() throws Exception {
        HttpResponse<String> r = send("POST", "/api/curator/session", "{\"token\":\"" + TOKEN + "\"}", null,
                Map.of());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String cookie = r.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
        return new Curator(cookie, json.readTree(r.body()).get("csrfToken").asText());
    }

    private JsonNode view(Curator c) throws Exception {
        HttpResponse<String> r = send("GET", "/api/curation/passages/p1", null, c, Map.of());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json.readTree(r.body());
    }

    private String correction(JsonNode view, String passageId, String edits, boolean gold) {
        JsonNode x = view.get("extractions").get(0);
        return "{\"passageId\":\"" + passageId + "\",\"annotationId\":\"" + x.get("annotationId").asText()
                + "\",\"passageVersion\":\"" + view.get("passageVersion").asText() + "\",\"extractionVersion\":\""
                + x.get("version").asText() + "\",\"edits\":" + edits + ",\"gold\":" + gold + "}";
    }

    private static final String EDITS = "[{\"op\":\"flip\",\"index\":0},{\"op\":\"delete\",\"index\":2},"
            + "{\"op\":\"add\",\"sourceSpan\":{\"start\":23,\"end\":33},\"targetSpan\":{\"start\":59,\"end\":65},"
            + "\"direction\":\"DECREASE\"}]";

    private HttpResponse<String> post(String body, Curator c, Map<String, String> headers) throws Exception {
        return send("POST", "/api/curation/corrections", body, c, headers);
    }

    private HttpResponse<String> send(String method, String path, String body, Curator c,
                                      Map<String, String> headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (c != null) {
            b.header("Cookie", c.cookie());
            if (c.csrf() != null) {
                b.header(CurationApi.CSRF_HEADER, c.csrf());
            }
        }
        headers.forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String code(HttpResponse<String> r) {
        return r.body().replaceAll(".*\"code\":\"([a-z_]+)\".*", "$1");
    }

    @Test
    void aCorrectionIsPublishedOnceAsTheCuratorsAnnotationWithItsDerivationAndGold() throws Exception {
        Curator ann = signIn();
        JsonNode view = view(ann);
        assertThat(view.get("concepts").toString()).contains("crop yields").contains("drought");
        HttpResponse<String> ok = post(correction(view, "p1", EDITS, true), ann, Map.of("Origin",
                "http://127.0.0.1:" + app.port()));
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(202);
        assertThat(extractions.history()).singleElement().satisfies(r -> {
            Extraction e = r.value();
            assertThat(r.key()).isEqualTo("p1");
            assertThat(e.getAnnotator().getId()).isEqualTo("Ann");
            assertThat(e.getAnnotator().getKind()).isEqualTo(AnnotatorKind.HUMAN);
            assertThat(e.getAnnotationId()).isEqualTo(view.get("extractions").get(0).get("correctionId").asText());
            assertThat(e.getTriples()).extracting(t -> t.getSource() + ">" + t.getTarget() + ":" + t.getDirection())
                    .containsExactly("drought>harvests:DECREASE", "irrigation>yields:INCREASE",
                            "Irrigation>prices:DECREASE");
            assertThat(e.getDerivation().getFromAnnotationId()).isEqualTo("model");
            assertThat(e.getDerivation().getEdges()).extracting(EdgeChange::getChange).containsExactly(
                    EdgeChangeKind.FLIPPED, EdgeChangeKind.KEPT, EdgeChangeKind.DELETED, EdgeChangeKind.ADDED);
        });
        assertThat(golds.history()).singleElement().satisfies(r -> {
            assertThat(r.value().getOrigin()).isEqualTo(GoldOrigin.CURATED);
            assertThat(r.value().getAnnotationId()).isEqualTo(extractions.history().getFirst().value()
                    .getAnnotationId());
            assertThat(r.value().getTriples()).isEqualTo(extractions.history().getFirst().value().getTriples());
        });
        assertThat(meters.get("scorer.curation.edges").tag("change", "flipped").counter().count()).isEqualTo(1);
        assertThat(meters.get("scorer.curation.edges").tag("change", "kept").counter().count()).isEqualTo(1);

        // a replayed submission: 409, nothing more published; the page is told it is corrected
        HttpResponse<String> again = post(correction(view, "p1", EDITS, true), ann, Map.of());
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(code(again)).isEqualTo("already_curated");
        assertThat(view(ann).get("extractions").get(0).get("corrected").asBoolean()).isTrue();
        assertThat(extractions.history()).hasSize(1);
        assertThat(golds.history()).hasSize(1);
    }

    @Test
    void attacksAreRefusedWithAClearErrorAndNothingIsPublished() throws Exception {
        Curator ann = signIn();
        JsonNode view = view(ann);
        String good = correction(view, "p1", EDITS, false);

        HttpResponse<String> noSession = post(good, null, Map.of());
        assertThat(noSession.statusCode()).isEqualTo(401);
        assertThat(code(noSession)).isEqualTo("not_signed_in");

        HttpResponse<String> forged = post(good, new Curator(CurationApi.COOKIE + "=x.QW5u.9999999999.sig", "x"),
                Map.of());
        assertThat(forged.statusCode()).isEqualTo(401);

        HttpResponse<String> foreign = post(good, ann, Map.of("Origin", "https://evil.example"));
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(foreign.body()).contains("cross-origin request refused");

        HttpResponse<String> noCsrf = post(good, new Curator(ann.cookie(), null), Map.of());
        assertThat(noCsrf.statusCode()).isEqualTo(403);
        assertThat(code(noCsrf)).isEqualTo("csrf");
        HttpResponse<String> wrongCsrf = post(good, new Curator(ann.cookie(), "not-the-token"), Map.of());
        assertThat(wrongCsrf.statusCode()).isEqualTo(403);

        String huge = good.replace("\"edits\":[", "\"edits\":[" + "{\"op\":\"keep\",\"index\":1},".repeat(4000));
        HttpResponse<String> oversized = post(huge, ann, Map.of());
        assertThat(oversized.statusCode()).isEqualTo(413);
        assertThat(oversized.body()).contains("too large");

        HttpResponse<String> unknown = post(good.replace("\"passageId\":\"p1\"", "\"passageId\":\"p404\""), ann,
                Map.of());
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(code(unknown)).isEqualTo("unknown_passage");
        HttpResponse<String> unknownExtraction = post(good.replace("\"annotationId\":\"model\"",
                "\"annotationId\":\"llama9\""), ann, Map.of());
        assertThat(unknownExtraction.statusCode()).isEqualTo(404);
        assertThat(code(unknownExtraction)).isEqualTo("unknown_extraction");

        HttpResponse<String> stale = post(good.replace(view.get("extractions").get(0).get("version").asText(),
                "0000000000000000"), ann, Map.of());
        assertThat(stale.statusCode()).isEqualTo(409);
        assertThat(code(stale)).isEqualTo("extraction_changed");
        HttpResponse<String> staleText = post(good.replace(view.get("passageVersion").asText(), "0000000000000000"),
                ann, Map.of());
        assertThat(staleText.statusCode()).isEqualTo(409);
        assertThat(code(staleText)).isEqualTo("passage_changed");

        HttpResponse<String> badEdit = post(correction(view, "p1", "[{\"op\":\"flip\",\"index\":7}]", false), ann,
                Map.of());
        assertThat(badEdit.statusCode()).isEqualTo(422);
        assertThat(code(badEdit)).isEqualTo("invalid_edit");
        HttpResponse<String> longLabel = post(correction(view, "p1", "[{\"op\":\"rename\",\"from\":\"drought\","
                + "\"to\":\"" + "x".repeat(201) + "\"}]", false), ann, Map.of());
        assertThat(longLabel.statusCode()).isEqualTo(422);
        assertThat(code(longLabel)).isEqualTo("label_too_long");

        HttpResponse<String> malformed = post("{\"passageId\": [", ann, Map.of());
        assertThat(malformed.statusCode()).isEqualTo(400);
        HttpResponse<String> form = send("POST", "/api/curation/corrections", null, ann,
                Map.of("Content-Type", "text/plain"));
        assertThat(form.statusCode()).isEqualTo(415);

        // the body cannot name another curator: the session does
        HttpResponse<String> ok = post(good.replace("{", "{\"curatorId\":\"Mallory\",\"annotator\":\"Mallory\","),
                ann, Map.of());
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(202);
        assertThat(extractions.history()).singleElement()
                .satisfies(r -> assertThat(r.value().getAnnotator().getId()).isEqualTo("Ann"));
        // the replay of that very request
        assertThat(post(good, ann, Map.of()).statusCode()).isEqualTo(409);
        assertThat(extractions.history()).hasSize(1);
        assertThat(golds.history()).isEmpty();
    }

    @Test
    void aReplayIsRefusedFromTheStoredAnnotationsToo() throws Exception {
        Curator ann = signIn();
        JsonNode view = view(ann);
        // the scorer already holds Ann's correction of this version (published from another instance or before)
        stored.add(new AnnotationScores(view.get("extractions").get(0).get("correctionId").asText(), "Ann", "HUMAN",
                null, null, List.of(), null, null, null, List.of(), 0));
        HttpResponse<String> r = post(correction(view, "p1", EDITS, false), ann, Map.of());
        assertThat(r.statusCode()).isEqualTo(409);
        assertThat(code(r)).isEqualTo("already_curated");
        assertThat(extractions.history()).isEmpty();
    }

    @Test
    void unknownTokensDoNotSignIn() throws Exception {
        HttpResponse<String> r = send("POST", "/api/curator/session", "{\"token\":\"guess\"}", null, Map.of());
        assertThat(r.statusCode()).isEqualTo(401);
        assertThat(r.body()).contains("unknown curator token");
        HttpResponse<String> name = send("POST", "/api/curator/session", "{\"name\":\"Ann\"}", null, Map.of());
        assertThat(name.statusCode()).isEqualTo(401);
        assertThat(send("GET", "/api/curation/passages/p404", null, null, Map.of()).statusCode()).isEqualTo(404);
    }
}
