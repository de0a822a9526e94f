package io.causalstream.extractor.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.openai.OpenAiProtocolStandIn;
import io.causalstream.openai.OpenAiProtocolStandIn.Fault;
import io.causalstream.extractor.ingest.IngestCommand;
import io.causalstream.extractor.ingest.KafkaPublisher;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The service with the openai backend through the real broker and registry, against the protocol stand-in:
 * passages published by the ingestion CLI, batched into /completions requests, a 503 retried, a passage whose
 * request keeps failing dead-lettered, the rest extracted exactly once.
 */
@ExtendWith(KafkaTestCluster.class)
class OpenAiExtractorServiceIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static int ours(OpenAiProtocolStandIn.Request r, String run) {
        int n = 0;
        for (var p : r.body().path("prompt")) {
            n += p.asText().contains(" of " + run) ? 1 : 0;
        }
        return n;
    }

    @Test
    void batchesRetriesAndDeadLettersThroughTheBroker(TestCluster cluster) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (OpenAiProtocolStandIn server = new OpenAiProtocolStandIn()) {
            // answers name the passage's number, so each extraction shows it got its own choice back
            server.reversingChoices().answering(prompt -> {
                String n = prompt.replaceAll("(?s).*Input Sentence: Passage (\\d+) of " + run + ".*", "$1");
                return n.equals("5") ? "<triplet> broken" : "<triplet> cause " + n + " <subj> negative <obj> effect "
                        + n;
            });
            // the first request fails once with a 503: its batch is retried whole
            server.failNext(Fault.status(503));

            // 8 passages published by the CLI, one per line of "stdin", ids p-<run>-01 ... 08
            StringBuilder lines = new StringBuilder();
            for (int i = 1; i <= 8; i++) {
                lines.append("Passage ").append(i).append(" of ").append(run).append(" effect ").append(i)
                        .append('\n');
            }
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            IngestCommand.Io io = new IngestCommand.Io(new PrintStream(new ByteArrayOutputStream()),
                    new PrintStream(err, true, StandardCharsets.UTF_8),
                    new ByteArrayInputStream(lines.toString().getBytes(StandardCharsets.UTF_8)),
                    c -> new KafkaPublisher(cluster.bootstrapServers(), cluster.serdes()));
            assertThat(IngestCommand.commandLine(io).execute("stdin", "--ids", "index", "--id-prefix",
                    "p-" + run + "-", "--id-width", "2")).isZero();
            assertThat(err.toString(StandardCharsets.UTF_8)).contains("8 passages published, 0 skipped, 0 failed");

            Map<String, String> settings = new HashMap<>(server.settings(Map.of(
                    "extractor.openai.endpoint", "completions", "extractor.prompt.format", "triplet-instruct",
                    "extractor.openai.batch.size", "4", "extractor.openai.batch.linger.ms", "1000",
                    "extractor.openai.backoff.ms", "50", "extractor.openai.backoff.max.ms", "100",
                    "extractor.annotator.id", "stand-in-it")));
            settings.putAll(Map.of("http.port", "0", "application.id", "extractor-openai-it-" + run,
                    "extractor.backend", "openai", "extractor.max.concurrency", "8",
                    "extractor.retry.backoff.ms", "100"));
            try (ExtractorService service = ExtractorService.start(cluster.config(settings))) {
                Set<String> ours = java.util.stream.IntStream.rangeClosed(1, 8)
                        .mapToObj(i -> String.format("p-%s-%02d", run, i)).collect(Collectors.toSet());
                List<ConsumerRecord<String, Extraction>> read = cluster.readUntil(Topics.EXTRACTIONS, TIMEOUT,
                        rs -> rs.stream().filter(r -> ours.contains(r.key())).count() == 8);
                Map<String, Extraction> byPassage = read.stream().filter(r -> ours.contains(r.key()))
                        .collect(Collectors.toMap(ConsumerRecord::key, ConsumerRecord::value));
                assertThat(byPassage).hasSize(8);

                Extraction third = byPassage.get("p-" + run + "-03");
                assertThat(third.getAnnotationId()).isEqualTo("stand-in-it");
                assertThat(third.getAnnotator().getKind()).isEqualTo(AnnotatorKind.MODEL);
                assertThat(third.getAnnotator().getModel()).isEqualTo("stand-in-7b");
                assertThat(third.getAnnotator().getPromptFormat()).isEqualTo("triplet-instruct");
                // "cause 3" is not in the passage (no span), "effect 3" is: provenance for what the text names
                String text = "Passage 3 of " + run + " effect 3";
                assertThat(third.getTriples()).containsExactly(new Triple("cause 3", "effect 3", Direction.DECREASE,
                        List.of(new EvidenceSpan(text.length() - 8, text.length())), null));
                assertThat(third.getRawOutput()).startsWith("<triplet> cause 3 <subj> negative <obj> effect 3");
                assertThat(third.getParseProblems()).contains("NODE_NOT_IN_TEXT: cause 3");
                assertThat(third.getPromptTokens()).isPositive();
                assertThat(third.getCompletionTokens()).isPositive();
                // passage 5's answer has no usable triplet: an empty extraction with the problems, not a failure
                Extraction fifth = byPassage.get("p-" + run + "-05");
                assertThat(fifth.getTriples()).isEmpty();
                assertThat(fifth.getParseProblems()).anyMatch(p -> p.contains("MISSING_FIELD"));

                // batching: some request carried several prompts; the 503 cost exactly one extra request
                List<OpenAiProtocolStandIn.Request> requests = server.requests();
                assertThat(requests).allSatisfy(r -> assertThat(r.body().path("prompt").size()).isBetween(1, 4));
                assertThat(requests).anySatisfy(r -> assertThat(r.body().path("prompt").size()).isGreaterThan(1));
                // (the topic also holds other tests' passages: count ours, by the run id in their text)
                int promptsSent = requests.stream().mapToInt(r -> ours(r, run)).sum();
                int promptsOfTheFailedRequest = ours(requests.get(0), run);
                assertThat(promptsSent - promptsOfTheFailedRequest).isEqualTo(8);

                HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://localhost:" + service.httpPort() + "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(metrics.body()).contains("extractor_backend_retries_total{annotator=\"stand-in-it\"",
                        "extractor_backend_tokens_total{annotator=\"stand-in-it\",direction=\"out\"",
                        "extractor_backend_latency_seconds_bucket", "extractor_parse_problems_total",
                        "extractor_backend_circuit_open");
                assertThat(metrics.body()).containsPattern(
                        "extractor_backend_retries_total\\{annotator=\"stand-in-it\",service=\"extractor-service\"} "
                                + "1\\.0");
            }

            // a server that fails on one input: after the retries the passage is dead-lettered, the loop goes on
            String doomed = "doomed-" + run;
            server.failingOn(prompt -> prompt.contains("Passage 9 of " + run));
            Map<String, String> failing = new HashMap<>(settings);
            failing.putAll(Map.of("application.id", "extractor-openai-it2-" + run, "extractor.openai.max.attempts",
                    "2", "extractor.openai.batch.size", "1", "extractor.cache.enabled", "false",
                    "extractor.openai.circuit.failures", "10"));
            try (ExtractorService service = ExtractorService.start(cluster.config(failing))) {
                cluster.send(Topics.PASSAGES, doomed, Passage.newBuilder()
                        .setId(doomed).setText("Passage 9 of " + run + " effect 9")
                        .setPublishedAt(Instant.now()).build());
                ConsumerRecord<String, byte[]> dead = cluster.readRawUntil(Topics.PASSAGES.deadLetterTopic(), TIMEOUT,
                        rs -> rs.stream().anyMatch(r -> doomed.equals(r.key()))).stream()
                        .filter(r -> doomed.equals(r.key())).findFirst().orElseThrow();
                assertThat(DeadLetters.header(dead.headers(), DeadLetters.MESSAGE)).startsWith(
                        "extractor stand-in-it failed on passage '" + doomed + "' <- gave up after 2 attempts: "
                                + "HTTP 500 from /completions");
                assertThat(service.status().healthy()).isTrue(); // the loop goes on
            }
        }
    }
}
