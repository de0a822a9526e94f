package io.causalstream.scorer.app;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static io.causalstream.testkit.Samples.extraction;
import static io.causalstream.testkit.Samples.gold;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.deadletter.DeadLetters;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import io.causalstream.openai.OpenAiProtocolStandIn;
import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.scorer.scoring.EdgeAssessor;
import io.causalstream.scorer.scoring.GraphAlignment;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The scorer through the real broker and registry: Avro in the Confluent wire format, EOS, dead letters, HTTP. */
@ExtendWith(KafkaTestCluster.class)
class ScorerServiceIT {

    /** Each wait ends as soon as its records are read; 3 min because at load average 25 one took over 1 min. */
    private static final Duration WAIT = Duration.ofSeconds(180);
    private static final Triple RAIN_FLOODS = triple("rain", "flooding", INCREASE);
    private static final Triple DAMS_FLOODS = triple("dams", "flooding", DECREASE);
    private static final Triple FLOODS_CROPS = triple("flooding", "crop yield", DECREASE);
    private static final Triple LITTER_WILDLIFE = triple("litter", "wildlife", DECREASE);
    private static final Triple TOURISM_LITTER = triple("tourism", "litter", INCREASE);

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void scoresExtractionsDeadLettersGarbageAndServesHttp(TestCluster cluster, @TempDir Path stateDir)
            throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String passage = "scorer-it-" + run;
        var config = cluster.streamsService("scorer-it-" + run, stateDir, Map.of("validation.strength", "true"));

        try (ScorerService service = ScorerService.start(config)) {
            cluster.send(Topics.GOLD_GRAPHS, passage, gold(passage, "Human1", GoldOrigin.CURATED,
                    RAIN_FLOODS, DAMS_FLOODS, FLOODS_CROPS, LITTER_WILDLIFE));
            Extraction llama = extraction(passage, "llama3", RAIN_FLOODS, DAMS_FLOODS, TOURISM_LITTER);
            cluster.send(Topics.EXTRACTIONS, passage, llama);

            // 3 predicted, 2 of them in the 4-edge gold: TP 2, FP 1, FN 2; P = 2/3, R = 1/2, F1 = 4/7.
            ScoredGraph scored = scoredGraph(cluster, passage, "llama3");
            assertThat(scored.getGoldAnnotationId()).isEqualTo("Human1");
            assertThat(scored.getGoldOrigin()).isEqualTo(GoldOrigin.CURATED);
            assertThat(scored.getAnnotator()).isEqualTo(llama.getAnnotator());
            assertThat(scored.getEdges()).extracting(ScoredEdge::getTriple)
                    .containsExactly(RAIN_FLOODS, DAMS_FLOODS, TOURISM_LITTER);
            assertThat(scored.getEdges()).extracting(ScoredEdge::getValidation)
                    .containsOnly(ValidationState.UNCHECKED);
            // The default measure list; here every measure sees the same matches (the other labels share no word).
            assertThat(scored.getScores()).extracting(MeasureScore::getMeasure)
                    .containsExactly("exact", "bleu", "rouge1", "meteor");
            assertThat(scored.getScores()).extracting(MeasureScore::getThreshold).containsExactly(1.0, 0.35, 0.7, 0.55);
            for (MeasureScore m : scored.getScores()) {
                assertThat(new int[] {m.getTp(), m.getPp(), m.getFp(), m.getFn()}).as(m.getMeasure())
                        .containsExactly(2, 0, 1, 2);
                assertThat(m.getF1()).isCloseTo(4.0 / 7.0, within(1e-12));
                assertThat(m.getF1Strict()).isCloseTo(4.0 / 7.0, within(1e-12));
            }

            // Edges wait for the passage text; when it arrives, the extractions are re-scored with staged
            // validation and CESAR strength on every edge (bundled MiniLM encoder and head; strength is opt-in,
            // turned on here).
            assertThat(scored.getEdges()).extracting(ScoredEdge::getStrength).containsOnlyNulls();
            cluster.send(Topics.PASSAGES, passage, Passage.newBuilder().setId(passage)
                    .setText("Rain increases flooding. Dams reduce flooding.").setPublishedAt(Instant.now()).build());
            ScoredGraph validated = cluster.readUntil(Topics.SCORED_GRAPHS, WAIT, rs -> rs.stream()
                            .anyMatch(r -> isValidated(r, passage)))
                    .stream().filter(r -> isValidated(r, passage)).findFirst().orElseThrow().value();
            assertThat(validated.getEdges()).extracting(ScoredEdge::getValidation).first()
                    .isEqualTo(ValidationState.VALIDATED);
            assertThat(validated.getEdges()).extracting(ScoredEdge::getValidation).element(1)
                    .isEqualTo(ValidationState.VALIDATED);
            assertThat(validated.getEdges().get(2).getStages().get(0).getReason())
                    .contains("'tourism' not found in the passage");
            assertThat(validated.getEdges()).allSatisfy(e -> assertThat(e.getStrength()).isBetween(0.0, 1.0));
            assertThat(validated.getMeanStrength()).isNotNull();
            assertThat(validated.getScores().get(0).getF1()).isCloseTo(4.0 / 7.0, within(1e-12));

            // Garbage on extractions: dead-lettered with its bytes and a reason; the stream goes on.
            byte[] garbage = ("not avro " + run).getBytes(StandardCharsets.UTF_8);
            cluster.sendRaw(Topics.EXTRACTIONS.name(), passage.getBytes(StandardCharsets.UTF_8), garbage);
            cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "Human2", RAIN_FLOODS, DAMS_FLOODS));

            List<ConsumerRecord<String, byte[]>> dead = cluster.readRawUntil(Topics.EXTRACTIONS.deadLetterTopic(),
                    WAIT, rs -> rs.stream().anyMatch(r -> passage.equals(r.key())));
            ConsumerRecord<String, byte[]> letter = dead.stream().filter(r -> passage.equals(r.key()))
                    .findFirst().orElseThrow();
            assertThat(letter.value()).isEqualTo(garbage);
            assertThat(DeadLetters.header(letter.headers(), DeadLetters.MESSAGE)).isNotBlank();
            assertThat(DeadLetters.header(letter.headers(), DeadLetters.TOPIC)).isEqualTo("extractions");

            // {rain, dams} vs the 4-edge gold: TP 2, FN 2; F1 = 4 / (4 + 2) = 2/3.
            ScoredGraph human2 = scoredGraph(cluster, passage, "Human2");
            assertThat(human2.getScores().get(0).getF1()).isCloseTo(2.0 / 3.0, within(1e-12));

            String base = "http://localhost:" + service.httpPort();
            HttpResponse<String> health = get(base + "/health");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(json.readTree(health.body()).path("kafkaStreams").asText()).isIn("RUNNING", "REBALANCING");
            HttpResponse<String> live = get(base + "/health/live");
            assertThat(live.statusCode()).isEqualTo(200);
            // the stall check reads the stream threads' poll ages: the metric it reads exists
            assertThat(json.readTree(live.body()).path("streamThreadLastPollSecondsAgo").fieldNames())
                    .toIterable().anySatisfy(client -> assertThat(client).endsWith("-StreamThread-1-consumer"));
            HttpResponse<String> ready = get(base + "/health/ready");
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).contains("\"broker\":\"UP\"").contains("\"registry\":\"UP\"");

            HttpResponse<String> metrics = get(base + "/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("kafka_stream_").contains("scorer_graphs_scored_total{")
                    .contains("gold_origin=\"curated\"").contains("scorer_f1_count{")
                    .contains("scorer_edges_total{").contains("validation=\"VALIDATED\"")
                    .contains("scorer_edge_strength_count");

            HttpResponse<String> scores = get(base + "/api/passages/" + passage + "/scores");
            assertThat(scores.statusCode()).isEqualTo(200);
            JsonNode annotations = json.readTree(scores.body()).path("annotations");
            assertThat(annotations).hasSize(2);
            assertThat(annotations.get(0).path("annotationId").asText()).isEqualTo("Human2");
            JsonNode llamaScore = annotations.get(1);
            assertThat(llamaScore.path("annotationId").asText()).isEqualTo("llama3");
            assertThat(llamaScore.path("goldOrigin").asText()).isEqualTo("CURATED");
            assertThat(llamaScore.path("scores").get(0).path("tp").asInt()).isEqualTo(2);
            assertThat(llamaScore.path("scores").get(0).path("f1").asDouble()).isCloseTo(4.0 / 7.0, within(1e-12));
            JsonNode edges = llamaScore.path("edges");
            assertThat(edges).hasSize(3);
            assertThat(edges.get(0).path("source").asText()).isEqualTo("rain");
            assertThat(edges.get(0).path("validation").asText()).isEqualTo("VALIDATED");
            assertThat(edges.get(0).path("strength").asDouble()).isBetween(0.0, 1.0);
            assertThat(edges.get(0).path("stages")).hasSize(5);
            assertThat(edges.get(0).path("stages").get(0).path("stage").asText()).isEqualTo("grounding");
            assertThat(llamaScore.path("shareValidated").isNumber()).isTrue();

            HttpResponse<String> unknown = get(base + "/api/passages/no-such-passage/scores");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(json.readTree(unknown.body()).path("code").asText()).isEqualTo("not_found");
        }
    }

    /**
     * A user's own text: no gold anywhere. Every extraction still appears on scored-graphs, validated (strength,
     * state, verdicts, reference-free quality) with empty gold scores; a gold arriving later re-publishes each one
     * with its scores, without validating again.
     */
    @Test
    void everyExtractionWithoutGoldIsPublishedValidatedAndScoredWhenGoldArrives(TestCluster cluster,
                                                                               @TempDir Path stateDir) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String passage = "own-text-" + run;
        var config = cluster.streamsService("scorer-own-text-" + run, stateDir,
                Map.of("validation.strength", "true"));

        try (ScorerService service = ScorerService.start(config)) {
            cluster.send(Topics.PASSAGES, passage, Passage.newBuilder().setId(passage)
                    .setText("Rain increases flooding. Dams reduce flooding.").setPublishedAt(Instant.now()).build());
            cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "rules-v1", RAIN_FLOODS, DAMS_FLOODS));
            cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "llama3", RAIN_FLOODS, TOURISM_LITTER));

            for (String annotation : List.of("rules-v1", "llama3")) {
                ScoredGraph noGold = scoredGraph(cluster, passage, annotation);
                assertThat(noGold.getGoldAnnotationId()).as(annotation).isNull();
                assertThat(noGold.getScores()).as(annotation).isEmpty();
                assertThat(noGold.getEdges()).as(annotation)
                        .allSatisfy(e -> assertThat(e.getStrength()).isBetween(0.0, 1.0))
                        .allSatisfy(e -> assertThat(e.getStages()).isNotEmpty());
                assertThat(noGold.getEdges().get(0).getValidation()).as(annotation)
                        .isEqualTo(ValidationState.VALIDATED);
                assertThat(noGold.getQuality().getEdges()).isEqualTo(2);
                assertThat(noGold.getQuality().getValidated()).isGreaterThanOrEqualTo(1);
                assertThat(noGold.getQuality().getShareGrounded()).isNotNull();
            }

            cluster.send(Topics.GOLD_GRAPHS, passage, gold(passage, "Human1", GoldOrigin.CURATED, RAIN_FLOODS,
                    DAMS_FLOODS));
            List<ConsumerRecord<String, ScoredGraph>> all = cluster.readUntil(Topics.SCORED_GRAPHS, WAIT,
                    rs -> rs.stream().filter(r -> passage.equals(r.key())
                            && r.value().getGoldAnnotationId() != null).count() == 2);
            List<ScoredGraph> scored = all.stream().filter(r -> passage.equals(r.key())
                    && r.value().getGoldAnnotationId() != null).map(ConsumerRecord::value).toList();
            assertThat(scored).extracting(ScoredGraph::getAnnotationId)
                    .containsExactlyInAnyOrder("rules-v1", "llama3");
            for (ScoredGraph g : scored) {
                assertThat(g.getGoldAnnotationId()).isEqualTo("Human1");
                // {rain, dams} vs {rain, dams}: F1 1; {rain, tourism} vs {rain, dams}: TP 1, FP 1, FN 1, F1 1/2
                assertThat(g.getScores().get(0).getF1()).isEqualTo(g.getAnnotationId().equals("rules-v1")
                        ? 1.0 : 0.5);
                ScoredGraph before = all.stream().filter(r -> passage.equals(r.key())).map(ConsumerRecord::value)
                        .filter(v -> v.getAnnotationId().equals(g.getAnnotationId()) && v.getGoldAnnotationId() == null)
                        .findFirst().orElseThrow();
                assertThat(g.getEdges()).as("validated once, re-scored only").isEqualTo(before.getEdges());
            }
        }
    }

    /**
     * Validation in flight when the scorer stops is not lost: the extraction and its passage text are in the
     * stores (committed with their offsets), nothing is validated yet, so a new instance, on another state
     * directory (restored from the changelogs), finds the pending work and publishes it.
     */
    @Test
    void validationInFlightAtAStopIsFinishedByTheNextInstance(TestCluster cluster, @TempDir Path first,
                                                             @TempDir Path second) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String passage = "restart-" + run;
        String applicationId = "scorer-restart-" + run;
        CountDownLatch never = new CountDownLatch(1);
        EdgeAssessor stuck = assessor(() -> {
            never.await();
            return ValidationState.VALIDATED;
        });
        try (ScorerService service = ScorerService.start(cluster.streamsService(applicationId, first, Map.of()),
                settings -> settings.graphScorer().withHooks(stuck, GraphAlignment.NONE))) {
            cluster.send(Topics.PASSAGES, passage, Passage.newBuilder().setId(passage)
                    .setText("Rain increases flooding.").setPublishedAt(Instant.now()).build());
            cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "llama3", RAIN_FLOODS));
            awaitCommitted(cluster, applicationId, Topics.EXTRACTIONS.name());
        }
        // the stuck assessor never answered, so nothing was published for the passage by the first instance

        EdgeAssessor quick = assessor(() -> ValidationState.HYPOTHESIZED);
        try (ScorerService service = ScorerService.start(cluster.streamsService(applicationId, second, Map.of()),
                settings -> settings.graphScorer().withHooks(quick, GraphAlignment.NONE))) {
            ScoredGraph resumed = scoredGraph(cluster, passage, "llama3");
            assertThat(resumed.getEdges()).extracting(ScoredEdge::getValidation)
                    .containsExactly(ValidationState.HYPOTHESIZED);
        }
    }

    /**
     * A 500-edge extraction behind a slow LLM verifier (the protocol stand-in: no model server exists here) runs
     * past its time budget on a worker thread while another passage is validated and published meanwhile; the
     * large one is published with every edge in state ERROR saying why, and the service stays live (no fencing:
     * the stream thread never waited).
     */
    @Test
    void aLargeExtractionWithASlowVerifierStandInStallsNothingElse(TestCluster cluster, @TempDir Path stateDir)
            throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (OpenAiProtocolStandIn llm = new OpenAiProtocolStandIn().notRecording().answering(prompt -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "Yes";
        })) {
            Map<String, String> settings = new java.util.HashMap<>(Map.of(
                    "scorer.validation.threads", "2",
                    "scorer.validation.budget.ms", "4000"));
            settings.putAll(llm.settings("validation.verifier.", Map.of()));
            try (ScorerService service = ScorerService.start(cluster.streamsService("scorer-slow-llm-" + run, stateDir,
                    settings))) {
                String big = "big-" + run;
                String small = "small-" + run;
                StringBuilder text = new StringBuilder();
                Triple[] edges = new Triple[500];
                for (int i = 0; i < edges.length; i++) {
                    edges[i] = triple("cause " + i, "effect " + i, INCREASE);
                    text.append("Cause ").append(i).append(" increases effect ").append(i).append(". ");
                }
                cluster.send(Topics.PASSAGES, big, Passage.newBuilder().setId(big).setText(text.toString())
                        .setPublishedAt(Instant.now()).build());
                cluster.send(Topics.EXTRACTIONS, big, extraction(big, "llama3", edges));
                cluster.send(Topics.PASSAGES, small, Passage.newBuilder().setId(small)
                        .setText("Rain increases flooding.").setPublishedAt(Instant.now()).build());
                cluster.send(Topics.EXTRACTIONS, small, extraction(small, "llama3", RAIN_FLOODS));

                long start = System.nanoTime();
                ScoredGraph smallGraph = scoredGraph(cluster, small, "llama3");
                long smallMs = (System.nanoTime() - start) / 1_000_000;
                assertThat(smallGraph.getEdges().getFirst().getValidation()).isEqualTo(ValidationState.VALIDATED);
                assertThat(smallGraph.getEdges().getFirst().getStages().getLast().getReason())
                        .contains("LLM (deterministic, asked once): 5 of 5 answers yes");

                ScoredGraph bigGraph = scoredGraph(cluster, big, "llama3");
                assertThat(bigGraph.getEdges()).hasSize(500).allSatisfy(e -> {
                    assertThat(e.getValidation()).isEqualTo(ValidationState.ERROR);
                    assertThat(e.getStages().getFirst().getReason())
                            .isEqualTo("validation exceeded its time budget of 4000 ms");
                });
                assertThat(bigGraph.getQuality().getErrors()).isEqualTo(500);
                // the small passage did not queue behind the large one's 500 slow questions (500 x 200 ms)
                assertThat(smallMs).as("ms until the small passage was published").isLessThan(60_000);

                String base = "http://localhost:" + service.httpPort();
                assertThat(get(base + "/health/live").statusCode()).isEqualTo(200);
                assertThat(get(base + "/metrics").body())
                        .containsPattern("scorer_validation_edges_total\\{[^}]*state=\"ERROR\"[^}]*} 500.0")
                        .containsPattern("scorer_validation_duration_seconds_count\\{outcome=\"error\"[^}]*} 1");
            }
        }
    }

    /** The LLM server is down: edges stay unverified with a verdict that says so, and a metric counts them. */
    @Test
    void withTheVerifierDownEdgesSaySoAndAreCounted(TestCluster cluster, @TempDir Path stateDir) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String passage = "llm-down-" + run;
        Map<String, String> settings = new java.util.HashMap<>(Map.of("validation.verifier.max.attempts", "1"));
        try (OpenAiProtocolStandIn llm = new OpenAiProtocolStandIn()) {
            settings.putAll(llm.settings("validation.verifier.", Map.of()));
        } // closed: nothing answers at its address any more
        try (ScorerService service = ScorerService.start(cluster.streamsService("scorer-llm-down-" + run, stateDir,
                settings))) {
            cluster.send(Topics.PASSAGES, passage, Passage.newBuilder().setId(passage)
                    .setText("Rain increases flooding.").setPublishedAt(Instant.now()).build());
            cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "llama3", RAIN_FLOODS));

            ScoredGraph graph = scoredGraph(cluster, passage, "llama3");
            ScoredEdge edge = graph.getEdges().getFirst();
            // the cue supports the edge, but the configured LLM check could not run: not VALIDATED without it
            assertThat(edge.getValidation()).isEqualTo(ValidationState.HYPOTHESIZED);
            assertThat(edge.getStages().getLast().getStage()).isEqualTo("verification");
            assertThat(edge.getStages().getLast().getReason()).contains("LLM backend failed");
            // at least this edge: the topics also hold other tests' extractions, which this new group reads too
            assertThat(get("http://localhost:" + service.httpPort() + "/metrics").body())
                    .containsPattern("scorer_verifier_unavailable_total\\{[^}]*} [1-9][0-9]*\\.0");
        }
    }

    /**
     * The LLM verifier's answers are persisted with the validated graphs: a new instance on another state directory
     * (restored from the changelogs) validates a new extraction with the same edge without asking the LLM (the
     * protocol stand-in: no model server exists here) again.
     */
    @Test
    void storedVerifierAnswersAreNotAskedAgainAfterARestart(TestCluster cluster, @TempDir Path first,
                                                            @TempDir Path second) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String passage = "answers-" + run;
        String applicationId = "scorer-answers-" + run;
        // labels no other test uses: the service also validates the other tests' passages on the shared cluster
        Triple monsoon = triple("monsoon rain", "river flooding", INCREASE);
        try (OpenAiProtocolStandIn llm = new OpenAiProtocolStandIn().answering(prompt -> "Yes")) {
            Map<String, String> settings = llm.settings("validation.verifier.", Map.of());
            try (ScorerService service = ScorerService.start(cluster.streamsService(applicationId, first, settings))) {
                cluster.send(Topics.PASSAGES, passage, Passage.newBuilder().setId(passage)
                        .setText("Monsoon rain increases river flooding.").setPublishedAt(Instant.now()).build());
                cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "llama3", monsoon));
                ScoredGraph asked = scoredGraph(cluster, passage, "llama3");
                assertThat(asked.getEdges().getFirst().getValidation()).isEqualTo(ValidationState.VALIDATED);
                assertThat(questionsAbout(llm, "monsoon rain")).as("asked once (temperature 0)").isEqualTo(1);
                awaitCommitted(cluster, applicationId, Topics.EXTRACTIONS.name());
            }

            try (ScorerService service = ScorerService.start(cluster.streamsService(applicationId, second, settings))) {
                cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "mistral", monsoon));
                ScoredGraph again = scoredGraph(cluster, passage, "mistral");
                ScoredEdge edge = again.getEdges().getFirst();
                assertThat(edge.getValidation()).isEqualTo(ValidationState.VALIDATED);
                assertThat(edge.getStages().getLast().getReason())
                        .contains("LLM (deterministic, asked once): 5 of 5 answers yes");
                assertThat(questionsAbout(llm, "monsoon rain"))
                        .as("the stored answer was used, the LLM not asked again").isEqualTo(1);
                assertThat(get("http://localhost:" + service.httpPort() + "/metrics").body())
                        .containsPattern("scorer_verifier_answers_total\\{[^}]*source=\"stored\"[^}]*} [1-9]");
            }
        }
    }

    /** Questions the stand-in received whose prompt names {@code label}. */
    private static long questionsAbout(OpenAiProtocolStandIn llm, String label) {
        return llm.requests().stream().filter(r -> r.body().toString().contains(label)).count();
    }

    private interface StateSupplier {
        ValidationState get() throws Exception;
    }

    private static EdgeAssessor assessor(StateSupplier state) {
        return new EdgeAssessor() {
            @Override
            public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
                try {
                    ValidationState s = state.get();
                    return extraction.getTriples().stream().map(t -> new EdgeAssessment(null, s, List.of()))
                            .toList();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public boolean usesPassageText() {
                return true;
            }
        };
    }

    /** Waits until the application's consumer group has committed every record now on {@code topic}. */
    static void awaitCommitted(TestCluster cluster, String group, String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                cluster.bootstrapServers()))) {
            var partitions = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions()
                    .stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            var ends = admin.listOffsets(partitions.stream().collect(java.util.stream.Collectors.toMap(
                    p -> p, p -> OffsetSpec.latest()))).all().get();
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                var committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
                if (partitions.stream().allMatch(p -> committed.get(p) != null
                        && committed.get(p).offset() >= ends.get(p).offset())) {
                    return;
                }
                Thread.sleep(100);
            }
            throw new AssertionError("the scorer did not commit its input from " + topic);
        }
    }

    private static boolean isValidated(ConsumerRecord<String, ScoredGraph> r, String passage) {
        return matches(r, passage, "llama3") && r.value().getShareValidated() != null;
    }

    private static ScoredGraph scoredGraph(TestCluster cluster, String passage, String annotationId) {
        return cluster.readUntil(Topics.SCORED_GRAPHS, WAIT, rs -> rs.stream().anyMatch(r -> matches(r, passage,
                        annotationId)))
                .stream().filter(r -> matches(r, passage, annotationId)).findFirst().orElseThrow().value();
    }

    private static boolean matches(ConsumerRecord<String, ScoredGraph> r, String passage, String annotationId) {
        return passage.equals(r.key()) && annotationId.equals(r.value().getAnnotationId());
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

}
