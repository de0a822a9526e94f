package io.causalstream.extractor.backend.openai;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.openai.OpenAiProtocolStandIn;
import io.causalstream.openai.OpenAiProtocolStandIn.Fault;
import io.causalstream.extractor.backend.BackendException;
import io.causalstream.extractor.backend.BackendUnavailableException;
import io.causalstream.extractor.llm.LlmExtractor;
import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The assembled openai backend (prompts, structured output, batching, cache, parser, alignment) on the stand-in. */
class OpenAiBackendTest {

    private static final String TEXT = "Drought reduces crop yields. Irrigation raises farm income.";
    private static final String TAGGED = "Causal Relation Triplets : <triplet> drought <subj> crop yields <obj> "
            + "negative <triplet> irrigation <subj> farm income <obj> positive";

    private OpenAiProtocolStandIn server;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<LlmExtractor> extractors = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = new OpenAiProtocolStandIn();
    }

    @AfterEach
    void stop() {
        extractors.forEach(LlmExtractor::close);
        server.close();
    }

    private LlmExtractor backend(Map<String, String> settings) {
        Map<String, String> m = new HashMap<>(Map.of("extractor.openai.backoff.ms", "1",
                "extractor.openai.backoff.max.ms", "5"));
        m.putAll(settings);
        LlmExtractor e = (LlmExtractor) ExtractorBackends.create(
                BackendConfig.read(ExtractorBackends.OPENAI, server.settings(m)::get), registry);
        extractors.add(e);
        return e;
    }

    private static Passage passage(String id, String text) {
        return new Passage(id, text, null, null, null, Map.of(), Instant.EPOCH);
    }

    @Test
    void structuredOutputFirstThenTheTaggedFormatForGoodWhenTheServerRefusesIt() {
        server.withoutStructuredOutput().answering(p -> TAGGED);
        LlmExtractor e = backend(Map.of());
        assertThat(e.annotator().getPromptFormat()).isEqualTo("json-schema");

        ExtractionOutcome first = e.extract(passage("p1", TEXT));
        assertThat(first.triples()).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("drought", "crop yields", DECREASE), tuple("irrigation", "farm income",
                        INCREASE));
        assertThat(server.requestCount()).isEqualTo(2); // refused, then the three-shot prompt
        assertThat(server.requests().get(0).body().has("response_format")).isTrue();
        assertThat(server.requests().get(1).body().has("response_format")).isFalse();
        // three-shot: system, three worked examples (user + assistant each), the passage
        assertThat(server.requests().get(1).body().path("messages").size()).isEqualTo(8);

        e.extract(passage("p2", "Heat lowers yields."));
        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(e.structuredOutput()).isFalse();
        assertThat(e.annotator().getPromptFormat()).isEqualTo("three-shot");
    }

    @Test
    void theJsonFormatOnAServerWithoutSchemasAsksForJsonByInstructionAlone() {
        server.withoutStructuredOutput().answering(p -> "{\"triplets\": [{\"subject\": \"drought\", "
                + "\"object\": \"crop yields\", \"relation\": \"Negative\"}]}");
        LlmExtractor e = backend(Map.of("extractor.prompt.format", "json"));
        assertThat(e.extract(passage("p1", TEXT)).triples()).extracting(Triple::getSource).containsExactly("drought");
        e.extract(passage("p2", "Heat lowers yields."));
        // refused once with the schema, then never sent again
        assertThat(server.requests()).extracting(r -> r.body().has("response_format"))
                .containsExactly(true, false, false);
    }

    @Test
    void jsonAnswersUnderTheSchemaAreParsedAndNodesAlignedToTheirSpans() {
        server.answering(p -> "{\"triplets\": [{\"subject\": \"Drought\", \"object\": \"crop yields\", \"relation\": "
                + "\"Negative\"}, {\"subject\": \"climate change\", \"object\": \"farm income\", \"relation\": "
                + "\"Negative\"}]}");
        ExtractionOutcome o = backend(Map.of("extractor.annotator.id", "mistral-json")).extract(passage("p1", TEXT));

        assertThat(o.triples()).extracting(Triple::getSource, Triple::getTarget, Triple::getEvidence).containsExactly(
                tuple("Drought", "crop yields", List.of(new EvidenceSpan(0, 7), new EvidenceSpan(16, 27))),
                tuple("climate change", "farm income", List.of(new EvidenceSpan(47, 58))));
        assertThat(TEXT.substring(47, 58)).isEqualTo("farm income");
        assertThat(o.problems()).containsExactly(new ParseProblem(ParseProblem.Kind.NODE_NOT_IN_TEXT,
                "climate change"));
        assertThat(o.rawOutput()).startsWith("{\"triplets\"");
        assertThat(o.promptTokens()).isPositive();
        assertThat(o.completionTokens()).isEqualTo(16); // the stand-in counts whitespace-separated words
    }

    @Test
    void completionsEndpointBatchesConcurrentPassagesIntoOneRequest() throws Exception {
        server.reversingChoices().answering(p -> p.contains("Input Sentence: passage-")
                ? "<triplet> cause " + p.substring(p.lastIndexOf("passage-") + 8, p.lastIndexOf(" [/INST]"))
                + " <subj> positive <obj> effect" : "?");
        LlmExtractor e = backend(Map.of("extractor.openai.endpoint", "completions", "extractor.prompt.format",
                "triplet-instruct", "extractor.openai.batch.size", "4", "extractor.openai.batch.linger.ms", "2000",
                "extractor.cache.enabled", "false"));
        List<Future<ExtractionOutcome>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 8; i++) {
                String id = "passage-" + i;
                results.add(pool.submit(() -> e.extract(passage(id, id))));
            }
        }
        for (int i = 0; i < 8; i++) {
            assertThat(results.get(i).get().triples()).extracting(Triple::getSource)
                    .containsExactly("cause " + i); // each passage got its own choice back, whatever the order
        }
        assertThat(server.requestCount()).isEqualTo(2);
        assertThat(server.requests()).allSatisfy(r -> assertThat(r.body().path("prompt").size()).isEqualTo(4));
        assertThat(server.requests().get(0).body().path("prompt").get(0).asText())
                .startsWith("<s>[INST] Given the input sentence identify all the triples").endsWith(" [/INST]");
    }

    @Test
    void theCacheAnswersARepeatAndSurvivesARestartButNeverKeepsAFailure(@TempDir Path dir) {
        server.answering(p -> TAGGED);
        Map<String, String> settings = Map.of("extractor.openai.structured.output", "false",
                "extractor.cache.dir", dir.toString());
        LlmExtractor e = backend(settings);
        assertThat(e.extract(passage("p1", TEXT)).cached()).isFalse();
        ExtractionOutcome again = e.extract(passage("p1-again", TEXT));
        assertThat(again.cached()).isTrue();
        assertThat(again.triples()).hasSize(2);
        assertThat(server.requestCount()).isEqualTo(1);

        LlmExtractor restarted = backend(settings);
        assertThat(restarted.extract(passage("p1", TEXT)).cached()).isTrue();
        assertThat(server.requestCount()).isEqualTo(1);

        server.failNext(Fault.status(400));
        assertThatThrownBy(() -> restarted.extract(passage("p2", "Heat lowers yields."))).isInstanceOf(
                BackendException.class);
        assertThat(restarted.extract(passage("p2", "Heat lowers yields.")).cached()).isFalse();
        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(registry.get("extractor.cache").tag("result", "hit").counter().count()).isEqualTo(2);
    }

    /** The pipeline rewinds the batch on an outage and dead-letters on a failure: the two must not be confused. */
    @Test
    void aPassageThatOnlyMetAnUnavailableServerIsAnOutageNotItsOwnFailure() {
        server.answering(p -> TAGGED);
        LlmExtractor e = backend(Map.of("extractor.openai.structured.output", "false",
                "extractor.openai.max.attempts", "2", "extractor.openai.circuit.failures", "10"));
        server.failNext(Fault.status(503), Fault.status(503));
        assertThatThrownBy(() -> e.extract(passage("p1", TEXT))).isInstanceOf(BackendUnavailableException.class)
                .hasMessageContaining("gave up after 2 attempts");

        server.failNext(Fault.status(500), Fault.status(500));
        assertThatThrownBy(() -> e.extract(passage("p2", TEXT))).isInstanceOf(BackendException.class)
                .isNotInstanceOf(BackendUnavailableException.class);
    }

    @Test
    void aTruncatedAnswerIsParsedFlaggedAndNotCached() {
        server.finishing("length").answering(p -> "<triplet> drought <subj> crop yields <obj> negative <triplet> "
                + "irri");
        LlmExtractor e = backend(Map.of("extractor.openai.structured.output", "false"));
        ExtractionOutcome o = e.extract(passage("p1", TEXT));
        assertThat(o.triples()).extracting(Triple::getSource).containsExactly("drought");
        assertThat(o.problems()).extracting(ParseProblem::kind).contains(ParseProblem.Kind.TRUNCATED);
        e.extract(passage("p1", TEXT));
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void stagedModeMakesFiveCallsEachFedThePreviousAnswer() {
        server.answering(prompt -> {
            if (prompt.startsWith("Text: ") && !prompt.contains("Variables:") && !prompt.contains("Candidate")) {
                return "{\"variables\": [\"drought\", \"crop yields\", \"yields\"]}";
            }
            if (prompt.startsWith("Text: ") && prompt.contains("Variables: [\"drought\",\"crop yields\",\"yields\"]")) {
                return "{\"variables\": [\"drought\", \"crop yields\"]}";
            }
            if (prompt.startsWith("Text: ") && prompt.contains("Variables: [\"drought\",\"crop yields\"]")) {
                return "{\"sentences\": [\"Drought reduces crop yields.\"]}";
            }
            if (prompt.startsWith("Variables: ")) {
                return "{\"triplets\": [{\"subject\": \"drought\", \"object\": \"crop yields\", \"relation\": "
                        + "\"Positive\"}, {\"subject\": \"crop yields\", \"object\": \"drought\", \"relation\": "
                        + "\"Negative\"}]}";
            }
            // validation: corrects the direction of the first, drops the reversed one
            return "{\"triplets\": [{\"subject\": \"drought\", \"object\": \"crop yields\", \"relation\": "
                    + "\"Negative\"}]}";
        });
        LlmExtractor e = backend(Map.of("extractor.mode", "staged"));
        ExtractionOutcome o = e.extract(passage("p1", TEXT));

        assertThat(server.requestCount()).isEqualTo(5);
        assertThat(o.triples()).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("drought", "crop yields", DECREASE));
        assertThat(o.rawOutput()).contains("## variables", "## normalisation", "## evidence", "## relations",
                "## validation");
        assertThat(e.annotator().getPromptFormat()).isEqualTo("staged");
        assertThat(e.annotator().getId()).isEqualTo("stand-in-7b-staged");
        int promptWords = server.requests().stream().mapToInt(r -> {
            int n = 0;
            for (var m : r.body().path("messages")) {
                n += OpenAiProtocolStandIn.words(m.path("content").asText());
            }
            return n;
        }).sum();
        assertThat(o.promptTokens()).isEqualTo(promptWords);
    }

    @Test
    void stagedModeStopsEarlyWhenNoVariableIsFound() {
        server.answering(p -> "{\"variables\": []}");
        ExtractionOutcome o = backend(Map.of("extractor.mode", "staged")).extract(passage("p1", "The sky is blue."));
        assertThat(server.requestCount()).isEqualTo(1);
        assertThat(o.triples()).isEmpty();
        assertThat(o.problems()).extracting(ParseProblem::detail).containsExactly("stage 1 found no variables");
    }
}
