package io.causalstream.deploy;

import static io.causalstream.testkit.Samples.annotation;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.deadletter.DeadLetters;
import io.causalstream.elo.app.EloService;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.serde.RegistryEndpoints;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The three services together through the real broker and registry: passages, human annotations, a curated gold
 * and judgments in; extractions, scored graphs and ratings out, with values computed by hand.
 */
@ExtendWith(KafkaTestCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EndToEndIT {

    private static final String PASSAGE = "e2e-flood";
    private static final String TEXT = "Heavy rainfall leads to flooding. Flooding reduces crop yields.";
    private static final ObjectMapper JSON = new ObjectMapper();

    private TestCluster cluster;
    private ExtractorService extractor;
    private ScorerService scorer;
    private EloService elo;

    @BeforeAll
    void startServices(TestCluster cluster) throws Exception {
        this.cluster = cluster;
        Path state = Files.createTempDirectory("e2e-state");
        extractor = ExtractorService.start(cluster.config(settings("e2e-extractor", state)));
        scorer = ScorerService.start(cluster.config(settings("e2e-scorer", state)));
        elo = EloService.start(cluster.config(settings("e2e-elo", state)));
    }

    private static Map<String, String> settings(String applicationId, Path state) {
        Map<String, String> m = new HashMap<>();
        m.put("application.id", applicationId);
        m.put("http.port", "0");
        m.put("state.dir", state.resolve(applicationId).toString());
        m.put("kafka.streams.commit.interval.ms", "100");
        m.put("extractor.backend", "rules"); // the expected figures below are the rules'
        return m;
    }

    @AfterAll
    void stopServices() {
        for (AutoCloseable service : new AutoCloseable[] {extractor, scorer, elo}) {
            try {
                if (service != null) {
                    service.close();
                }
            } catch (Exception ignored) {
                // best effort
            }
        }
    }

    @Test
    @Order(1)
    void passagesAnnotationsGoldAndJudgmentsFlowThroughAllThreeServices() throws Exception {
        cluster.send(Topics.PASSAGES, PASSAGE, Passage.newBuilder().setId(PASSAGE).setText(TEXT)
                .setPublishedAt(Instant.now()).build());
        cluster.send(Topics.GOLD_GRAPHS, PASSAGE, GoldGraph.newBuilder().setPassageId(PASSAGE)
                .setAnnotationId("curated").setOrigin(GoldOrigin.CURATED)
                .setTriples(List.of(triple("Heavy rainfall", "flooding", Direction.INCREASE),
                        triple("flooding", "crop yields", Direction.DECREASE)))
                .setUpdatedAt(Instant.now()).build());
        cluster.send(Topics.EXTRACTIONS, PASSAGE, human("HumanA",
                triple("rainfall", "flooding", Direction.INCREASE),
                triple("Flooding", "crop yields", Direction.DECREASE)));
        cluster.send(Topics.EXTRACTIONS, PASSAGE, human("HumanB",
                triple("heavy rainfall", "flooding", Direction.INCREASE)));

        // the extractor annotates the passage with its rules: both sentences carry a cue
        Extraction rules = cluster.readUntil(Topics.EXTRACTIONS, Duration.ofSeconds(60),
                        rs -> rs.stream().anyMatch(r -> isRulesExtraction(r.value())))
                .stream().map(ConsumerRecord::value).filter(EndToEndIT::isRulesExtraction).findFirst().orElseThrow();
        assertThat(rules.getTriples()).extracting(t -> t.getSource() + " -> " + t.getTarget() + " " + t.getDirection())
                .containsExactly("Heavy rainfall -> flooding INCREASE", "Flooding -> crop yields DECREASE");

        // exact match (case-insensitive), gold = the curated graph with 2 edges:
        // HumanA: "rainfall" != "heavy rainfall" -> TP 1, FP 1, FN 1 -> P 1/2, R 1/2, F1 1/2
        // HumanB: TP 1, FP 0, FN 1 -> P 1, R 1/2, F1 2/3
        // rules-v1: TP 2, FP 0, FN 0 -> F1 1
        Map<String, MeasureScore> exact = latestExactScores(3);
        assertThat(exact.get("HumanA")).satisfies(s -> {
            assertThat(List.of(s.getTp(), s.getFp(), s.getFn())).containsExactly(1, 1, 1);
            assertThat(s.getF1()).isCloseTo(0.5, within(1e-12));
        });
        assertThat(exact.get("HumanB")).satisfies(s -> {
            assertThat(List.of(s.getTp(), s.getFp(), s.getFn())).containsExactly(1, 0, 1);
            assertThat(s.getF1()).isCloseTo(2.0 / 3.0, within(1e-12));
        });
        assertThat(exact.get(rules.getAnnotationId()).getF1()).isCloseTo(1.0, within(1e-12));

        // structure-first alignment ignores names: HumanA's chain INCREASE then DECREASE maps onto the gold's
        // (rainfall -> heavy rainfall): 2 of 2 edges, F1 1; HumanB's single edge: P 1, R 1/2, F1 2/3
        Map<String, Double> alignment = latestAlignmentF1();
        assertThat(alignment.get("HumanA")).isCloseTo(1.0, within(1e-12));
        assertThat(alignment.get("HumanB")).isCloseTo(2.0 / 3.0, within(1e-12));

        // judgments: HumanA beats HumanB (1000/1000 -> 1016/984); HumanB beats rules-v1:
        // E(HumanB) = 1/(1+10^((1000-984)/400)) = 0.47700..., HumanB 984 + 32(1-E) = 1000.7363..., rules 983.2636...
        String rulesId = rules.getAnnotationId();
        cluster.send(Topics.JUDGMENTS, PASSAGE, judgment("e2e-j1", "Rater1", "HumanA", "HumanB", Outcome.LEFT));
        cluster.send(Topics.JUDGMENTS, PASSAGE, judgment("e2e-j2", "Rater1", rulesId, "HumanB", Outcome.RIGHT));
        // a retry of the first judgment and a rater judging their own annotation: neither may count
        cluster.send(Topics.JUDGMENTS, PASSAGE, judgment("e2e-j1", "Rater1", "HumanA", "HumanB", Outcome.LEFT));
        cluster.send(Topics.JUDGMENTS, PASSAGE, judgment("e2e-j3", "HumanA", "HumanA", "HumanB", Outcome.LEFT));

        JsonNode ratings = awaitRatings(2);
        assertThat(ratings.get("leader").asText()).isEqualTo("HumanA");
        Map<String, Double> elos = new HashMap<>();
        ratings.get("players").forEach(p -> elos.put(p.get("annotationId").asText(), p.get("elo").asDouble()));
        assertThat(elos.get("HumanA")).isCloseTo(1016.0, within(1e-9));
        assertThat(elos.get("HumanB")).isCloseTo(1000.736306793522, within(1e-9));
        assertThat(elos.get(rulesId)).isCloseTo(983.263693206478, within(1e-9));

        // the scorer turns the ratings and its scores into measure-alignment. The curated gold is no player; Elo
        // ranks HumanA > HumanB > rules-v1, exact F1 the reverse (1/2 < 2/3 < 1): rho = -1 over 3 annotations
        String key = PASSAGE + "|exact@1";
        var agreement = cluster.readUntil(Topics.MEASURE_ALIGNMENT, Duration.ofSeconds(60), rs -> rs.stream()
                .anyMatch(r -> key.equals(r.key()) && r.value().getN() == 3 && r.value().getSpearman() < -0.99));
        assertThat(agreement.stream().filter(r -> key.equals(r.key())).reduce((a, b) -> b).orElseThrow().value()
                .getSpearman()).isCloseTo(-1.0, within(1e-12));
        assertThat(cluster.readUntil(Topics.MEASURE_ALIGNMENT, Duration.ofSeconds(60), rs -> rs.stream()
                        .anyMatch(r -> "ALL|exact@1".equals(r.key()) && r.value().getPassages() >= 1)))
                .isNotEmpty();

        var dead = cluster.readRawUntil(Topics.JUDGMENTS.deadLetterTopic(), Duration.ofSeconds(30),
                rs -> rs.stream().anyMatch(r -> PASSAGE.equals(r.key())));
        String reason = DeadLetters.header(dead.stream().filter(r -> PASSAGE.equals(r.key())).findFirst()
                .orElseThrow().headers(), DeadLetters.MESSAGE);
        assertThat(reason).containsIgnoringCase("HumanA");
    }

    /**
     * After the flow above, the registry as a client in any language sees it through the Confluent API: one subject
     * per topic (the contract's, the services' changelogs and repartition topics), none named after a record type,
     * and every schema by id parses with a plain Avro parser without following a reference.
     */
    @Test
    @Order(2)
    void everySubjectIsATopicsOwnAndEverySchemaByIdParsesAlone() throws Exception {
        List<String> written = List.of("passages-value", "extractions-value", "gold-graphs-value",
                "scored-graphs-value", "judgments-value", "tournament-winners-value", "measure-alignment-value",
                "causal-maps-value");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        List<String> subjects = registry("/subjects").valueStream().map(JsonNode::asText).toList();
        while (!subjects.containsAll(written) && System.nanoTime() < deadline) {
            Thread.sleep(500); // causal-maps follows the scored graphs
            subjects = registry("/subjects").valueStream().map(JsonNode::asText).toList();
        }
        assertThat(subjects).containsAll(written).anyMatch(s -> s.endsWith("-changelog-value"));
        Set<String> topics;
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            topics = admin.listTopics(new ListTopicsOptions().listInternal(true)).names().get();
        }
        // the registry is shared with the module's other integration tests (their brokers come and go): every
        // subject is a topic's, none a record type's; the subjects of this flow name topics of this broker
        assertThat(subjects).allSatisfy(s -> assertThat(s).endsWith("-value").doesNotStartWith("io.causalstream"));
        assertThat(subjects.stream().filter(s -> written.contains(s) || s.startsWith("e2e-")).toList())
                .allSatisfy(s -> assertThat(topics).as("the topic of subject " + s)
                        .contains(s.substring(0, s.length() - "-value".length())));
        for (String subject : subjects) {
            for (JsonNode version : registry("/subjects/" + subject + "/versions")) {
                JsonNode registered = registry("/subjects/" + subject + "/versions/" + version.asInt());
                assertThat(registered.path("references")).as(subject + " version " + version).isEmpty();
                JsonNode byId = registry("/schemas/ids/" + registered.get("id").asInt());
                assertThat(byId.path("references")).as(subject + " schema " + registered.get("id")).isEmpty();
                Schema schema = new Schema.Parser().parse(byId.get("schema").asText());
                assertThat(schema.getNamespace()).as(subject).startsWith("io.causalstream.schemas");
            }
        }
    }

    private JsonNode registry(String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                RegistryEndpoints.confluentApi(cluster.registryUrl()) + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private Map<String, MeasureScore> latestExactScores(int annotations) {
        // graphs are published once without scores while the passage has no gold: wait for the scored ones
        var records = cluster.readUntil(Topics.SCORED_GRAPHS, Duration.ofSeconds(60), rs -> rs.stream()
                .filter(r -> PASSAGE.equals(r.key()) && r.value().getGoldAnnotationId() != null)
                .map(r -> r.value().getAnnotationId()).distinct().count() >= annotations);
        Map<String, MeasureScore> latest = new HashMap<>();
        records.stream().filter(r -> PASSAGE.equals(r.key())).map(ConsumerRecord::value)
                .forEach(g -> exactOf(g).ifPresent(s -> latest.put(g.getAnnotationId(), s)));
        return latest;
    }

    private Map<String, Double> latestAlignmentF1() {
        Map<String, Double> latest = new HashMap<>();
        cluster.readUntil(Topics.SCORED_GRAPHS, Duration.ofSeconds(30), rs -> rs.stream()
                        .filter(r -> PASSAGE.equals(r.key()) && r.value().getAlignmentF1() != null)
                        .map(r -> r.value().getAnnotationId()).distinct().count() >= 3)
                .stream().filter(r -> PASSAGE.equals(r.key())).map(ConsumerRecord::value)
                .forEach(g -> latest.put(g.getAnnotationId(), g.getAlignmentF1()));
        return latest;
    }

    private static Optional<MeasureScore> exactOf(ScoredGraph g) {
        return g.getScores().stream().filter(s -> s.getMeasure().equals("exact")).findFirst();
    }

    private JsonNode awaitRatings(long judgments) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create("http://localhost:" + elo.httpPort() + "/api/passages/" + PASSAGE + "/ratings");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).build(),
                    HttpResponse.BodyHandlers.ofString());
            last = r.statusCode() + " " + r.body();
            if (r.statusCode() == 200) {
                JsonNode n = JSON.readTree(r.body());
                if (n.get("judgmentsApplied").asLong() >= judgments) {
                    Thread.sleep(1000); // let a wrongly counted duplicate show up, if there were one
                    return JSON.readTree(http.send(HttpRequest.newBuilder(uri).build(),
                            HttpResponse.BodyHandlers.ofString()).body());
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("ratings never reached " + judgments + " judgments; last answer: " + last);
    }

    private static boolean isRulesExtraction(Extraction e) {
        return e != null && PASSAGE.equals(e.getPassageId()) && e.getAnnotator().getKind() == AnnotatorKind.RULES;
    }

    private static Extraction human(String id, Triple... triples) {
        return annotation(PASSAGE, id, AnnotatorKind.HUMAN, Instant.now(), triples);
    }

    private static Judgment judgment(String id, String rater, String left, String right, Outcome outcome) {
        return Judgment.newBuilder().setJudgmentId(id).setPassageId(PASSAGE).setRaterId(rater).setLeft(left)
                .setRight(right).setOutcome(outcome).setTime(Instant.now()).build();
    }
}
