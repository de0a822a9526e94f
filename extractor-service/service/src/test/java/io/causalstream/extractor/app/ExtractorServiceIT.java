package io.causalstream.extractor.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The service end to end through a real broker and registry. */
@ExtendWith(KafkaTestCluster.class)
class ExtractorServiceIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static final String MALI = "Pastoralists in the arid and semi-arid regions of Mali continue to face "
            + "increasing risk due to low levels of rainfall.";
    private static final String TWO_SENTENCES = "Farmers planted maize in May. Drought reduces crop yields.";
    private static final String AFTER_GARBAGE = "Better roads boost trade.";

    private static Passage passage(String id, String text) {
        return new Passage(id, text, null, null, null, Map.of("dataset", "it"), Instant.now());
    }

    @Test
    void extractsPassagesDeadLettersGarbageAndKeepsGoing(TestCluster cluster) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String mali = "mali-" + run;
        String twoSentences = "two-" + run;
        String bad = "bad-" + run;
        String afterGarbage = "after-" + run;

        try (ExtractorService service = ExtractorService.start(cluster.config(Map.of(
                "http.port", "0", "application.id", "extractor-it-" + run, "extractor.retry.backoff.ms", "100",
                "extractor.backend", "rules")))) {
            cluster.send(Topics.PASSAGES, mali, passage(mali, MALI));
            cluster.send(Topics.PASSAGES, twoSentences, passage(twoSentences, TWO_SENTENCES));
            cluster.sendRaw(Topics.PASSAGES.name(), bad.getBytes(StandardCharsets.UTF_8),
                    "not avro".getBytes(StandardCharsets.UTF_8));
            cluster.send(Topics.PASSAGES, afterGarbage, passage(afterGarbage, AFTER_GARBAGE));

            Set<String> ours = Set.of(mali, twoSentences, afterGarbage);
            List<ConsumerRecord<String, Extraction>> read = cluster.readUntil(Topics.EXTRACTIONS, TIMEOUT,
                    records -> records.stream().map(ConsumerRecord::key).filter(ours::contains)
                            .collect(Collectors.toSet()).size() == 3);
            Map<String, Extraction> byPassage = read.stream().filter(r -> ours.contains(r.key()))
                    .collect(Collectors.toMap(ConsumerRecord::key, ConsumerRecord::value));
            assertThat(read.stream().filter(r -> ours.contains(r.key()))).hasSize(3); // each exactly once

            Annotator rules = new Annotator("rules-v1", AnnotatorKind.RULES, "causal-cues-v5+opennlp-1.5", null);
            Extraction m = byPassage.get(mali);
            assertThat(m.getPassageId()).isEqualTo(mali);
            assertThat(m.getAnnotationId()).isEqualTo("rules-v1");
            assertThat(m.getAnnotator()).isEqualTo(rules);
            // the noun phrases next to "due to"; "increasing" moves into the direction
            assertThat(m.getTriples()).containsExactly(new Triple("low levels of rainfall", "risk",
                    Direction.INCREASE, List.of(new EvidenceSpan(0, 118)), null));
            assertThat(MALI).hasSize(118);
            assertThat(m.getRawOutput()).isNull();
            assertThat(m.getLatencyMs()).isNotNull();

            // the evidence is the second sentence, [30, 58), not the whole passage
            Extraction t = byPassage.get(twoSentences);
            assertThat(t.getTriples()).containsExactly(new Triple("Drought", "crop yields", Direction.DECREASE,
                    List.of(new EvidenceSpan(30, 58)), null));
            assertThat(TWO_SENTENCES.substring(30, 58)).isEqualTo("Drought reduces crop yields.");

            assertThat(byPassage.get(afterGarbage).getTriples()).containsExactly(new Triple("Better roads",
                    "trade", Direction.INCREASE, List.of(new EvidenceSpan(0, 25)), null));

            List<ConsumerRecord<String, byte[]>> dlq = cluster.readRawUntil(Topics.PASSAGES.deadLetterTopic(),
                    TIMEOUT, records -> records.stream().anyMatch(r -> bad.equals(r.key())));
            ConsumerRecord<String, byte[]> dead = dlq.stream().filter(r -> bad.equals(r.key())).findFirst()
                    .orElseThrow();
            assertThat(dead.value()).isEqualTo("not avro".getBytes(StandardCharsets.UTF_8));
            assertThat(DeadLetters.header(dead.headers(), DeadLetters.MESSAGE))
                    .startsWith("value is not a Passage in the registry's Avro wire format <- ");
            assertThat(DeadLetters.header(dead.headers(), DeadLetters.TOPIC)).isEqualTo("passages");

            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + service.httpPort() + "/health")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"status\":\"UP\"", "\"recordsProcessed\":", "\"deadLetters\":");
            HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + service.httpPort() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("extractor_passages_total{")
                    .contains("extractor_triples_total{", "kafka_consumer_", "kafka_producer_");
        }
    }
}
