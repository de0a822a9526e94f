package io.causalstream.extractor.backend.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.choice.BackendSettings;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.extractor.backend.model.ModelExtractor;
import io.causalstream.extractor.backend.openai.OpenAiBackend;
import io.causalstream.extractor.backend.BackendException;
import io.causalstream.extractor.backend.BackendUnavailableException;
import io.causalstream.openai.OpenAiProtocolStandIn;
import io.causalstream.openai.OpenAiProtocolStandIn.Fault;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cascade's routing, annotator, meters and failures, with a scripted embedded model (it returns the certainty
 * each test gives per passage) and the real openai backend against the protocol stand-in for an inference server:
 * what reaches the server is counted at the server.
 */
class CascadeExtractorTest {

    private static final String CASCADE_ID = "cascade-stand-in-7b-three-shot";
    private static final String LLM_ANSWER = "{\"triplets\": [{\"subject\": \"drought\", \"object\": \"crop yields\", "
            + "\"relation\": \"Negative\"}]}";

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<Extractor> opened = new ArrayList<>();
    private OpenAiProtocolStandIn server;

    /** The embedded model's stand-in: one triple per passage, and the certainty the test set for its id. */
    private static class ScriptedEmbedded implements Extractor {
        final Map<String, Double> certainties = new HashMap<>();
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public Annotator annotator() {
            return new Annotator("embedded-v1", AnnotatorKind.MODEL, "scripted-head", null);
        }

        @Override
        public ExtractionOutcome extract(Passage passage) {
            calls.incrementAndGet();
            ExtractionOutcome o = ExtractionOutcome.of(List.of(new Triple("embedded cause", "embedded effect",
                    Direction.INCREASE, List.of(), 0.9)));
            Double c = certainties.get(passage.getId());
            return c == null ? o : o.withCertainty(c);
        }
    }

    private final ScriptedEmbedded embedded = new ScriptedEmbedded();

    @BeforeEach
    void start() throws Exception {
        server = new OpenAiProtocolStandIn();
        server.answering(prompt -> LLM_ANSWER);
    }

    @AfterEach
    void stop() {
        opened.forEach(Extractor::close);
        server.close();
    }

    /** The cascade as the service builds it, with the scripted embedded model in place of the trained one. */
    private CascadeExtractor cascade(String threshold, Map<String, String> more) {
        Map<String, String> m = new HashMap<>(Map.of("extractor.cascade.threshold", threshold,
                "extractor.cache.enabled", "false", "extractor.openai.backoff.ms", "1",
                "extractor.openai.backoff.max.ms", "5"));
        m.putAll(more);
        Map<String, String> settings = server.settings(m);
        settings.putAll(more); // a test may point base.url elsewhere
        BackendSettings.Cascade s = BackendConfig.cascade(settings::get);
        CascadeExtractor c = new CascadeExtractor(s.llm().annotatorId(), embedded,
                OpenAiBackend.create(s.openAi(), s.llm(), registry), s.cascade(), registry);
        opened.add(c);
        return c;
    }

    private static Passage passage(String id) {
        return new Passage(id, "In " + id + ", drought reduces crop yields.", null, null, null, Map.of(),
                Instant.EPOCH);
    }

    /** The passages whose text reached the server, in request order. */
    private List<String> sentToServer(String... ids) {
        return server.requests().stream().map(r -> r.body().toString())
                .flatMap(body -> Arrays.stream(ids).filter(id -> body.contains("In " + id + ","))).toList();
    }

    private double passages(String path) {
        return registry.get("extractor.cascade.passages").tag("annotator", CASCADE_ID).tag("path", path).counter()
                .count();
    }

    @Test
    void passagesAtOrAboveTheThresholdKeepTheEmbeddedExtractionAndOnlyTheOthersReachTheServer() {
        embedded.certainties.putAll(Map.of("sure", 0.9, "borderline", 0.5, "unsure", 0.49));
        CascadeExtractor c = cascade("0.5", Map.of());

        ExtractionOutcome sure = c.extract(passage("sure"));
        ExtractionOutcome borderline = c.extract(passage("borderline"));
        ExtractionOutcome unsure = c.extract(passage("unsure"));
        ExtractionOutcome silent = c.extract(passage("silent")); // no certainty: taken as 0

        assertThat(server.requestCount()).isEqualTo(2);
        assertThat(sentToServer("sure", "borderline", "unsure", "silent")).containsExactly("unsure", "silent");
        assertThat(embedded.calls).hasValue(4); // the embedded model reads every passage

        for (ExtractionOutcome kept : List.of(sure, borderline)) {
            assertThat(kept.triples()).extracting(Triple::getSource).containsExactly("embedded cause");
            assertThat(kept.producedBy()).isEqualTo(new Annotator(CASCADE_ID, AnnotatorKind.MODEL,
                    "embedded:scripted-head", null));
        }
        assertThat(sure.certainty()).isEqualTo(0.9);
        for (ExtractionOutcome routed : List.of(unsure, silent)) {
            // the server's triples, aligned to the passage, with the server's raw answer and token counts
            assertThat(routed.triples()).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                    .containsExactly(tuple("drought", "crop yields", Direction.DECREASE));
            assertThat(routed.rawOutput()).isEqualTo(LLM_ANSWER);
            assertThat(routed.promptTokens()).isPositive();
            assertThat(routed.producedBy()).isEqualTo(new Annotator(CASCADE_ID, AnnotatorKind.MODEL,
                    "llm:stand-in-7b", "json-schema"));
        }
        // one id whatever the path: it becomes the annotationId of every extraction
        assertThat(c.annotator()).isEqualTo(new Annotator(CASCADE_ID, AnnotatorKind.MODEL,
                "cascade(embedded:scripted-head, llm:stand-in-7b)", "json-schema"));
    }

    @Test
    void thresholdZeroNeverRoutesNotEvenWithoutACertainty() {
        embedded.certainties.putAll(Map.of("nothing", 0.0, "little", 0.3));
        CascadeExtractor c = cascade("0", Map.of());

        for (String id : List.of("nothing", "little", "silent")) {
            assertThat(c.extract(passage(id)).producedBy().getModel()).isEqualTo("embedded:scripted-head");
        }
        assertThat(server.requestCount()).isZero();
        assertThat(passages("llm")).isZero();
    }

    @Test
    void thresholdOneRoutesEveryPassageEvenOneTheEmbeddedModelIsCertainOf() {
        embedded.certainties.putAll(Map.of("certain", 1.0, "likely", 0.99));
        CascadeExtractor c = cascade("1", Map.of());

        assertThat(c.extract(passage("certain")).producedBy().getModel()).isEqualTo("llm:stand-in-7b");
        assertThat(c.extract(passage("likely")).producedBy().getModel()).isEqualTo("llm:stand-in-7b");
        assertThat(sentToServer("certain", "likely")).containsExactly("certain", "likely");
        assertThat(passages("embedded")).isZero();
    }

    @Test
    void metersCountPassagesPerPathTheRoutedShareAndTheCertainties() {
        embedded.certainties.putAll(Map.of("a", 0.9, "b", 0.5, "c", 0.49));
        CascadeExtractor c = cascade("0.5", Map.of());
        assertThat(registry.get("extractor.cascade.routed.share").gauge().value()).isZero();

        for (String id : List.of("a", "b", "c", "d")) {
            c.extract(passage(id));
        }

        assertThat(passages("embedded")).isEqualTo(2); // a, b
        assertThat(passages("llm")).isEqualTo(2); // c, d
        assertThat(registry.get("extractor.cascade.routed.share").tag("annotator", CASCADE_ID).gauge().value())
                .isEqualTo(0.5);
        var certainty = registry.get("extractor.cascade.certainty").tag("annotator", CASCADE_ID).summary();
        assertThat(certainty.count()).isEqualTo(4);
        assertThat(certainty.totalAmount()).isEqualTo(90 + 50 + 49 + 0); // percent
        // cumulative buckets: 0.5, 0.49 and the missing certainty's 0 are at most 50 %, only the 0 at most 40 %
        assertThat(certainty.takeSnapshot().histogramCounts()).extracting(CountAtBucket::bucket,
                CountAtBucket::count).contains(tuple(40.0, 1.0), tuple(50.0, 3.0), tuple(90.0, 4.0));
        // the LLM's own meters are under the cascade's id, as the pipeline's are
        assertThat(registry.get("extractor.backend.calls").tag("annotator", CASCADE_ID).tag("outcome", "ok")
                .counter().count()).isEqualTo(2);
    }

    @Test
    void aServerAnswering503PropagatesTheOutageUnwrappedAndTheRetryFindsTheServerBack() throws Exception {
        embedded.certainties.put("sure", 0.9);
        // two failures in a row open the breaker; the request's third attempt then meets it open
        CascadeExtractor c = cascade("0.5", Map.of("extractor.openai.max.attempts", "3",
                "extractor.openai.circuit.failures", "2", "extractor.openai.circuit.open.ms", "1000"));
        server.failNext(Fault.status(503), Fault.status(503));

        assertThatThrownBy(() -> c.extract(passage("unsure")))
                .isExactlyInstanceOf(BackendUnavailableException.class) // what the pipeline rewinds the batch on
                .hasMessageContaining("circuit is open");
        assertThat(server.requestCount()).isEqualTo(2);
        // no fallback for the unsure passage; the sure one never needed the server
        assertThat(c.extract(passage("sure")).producedBy().getModel()).isEqualTo("embedded:scripted-head");
        assertThat(passages("llm")).isEqualTo(1);

        Thread.sleep(1_100); // the breaker lets a trial call through: the pipeline's retry of the batch
        assertThat(c.extract(passage("unsure")).triples()).extracting(Triple::getSource).containsExactly("drought");
    }

    @Test
    void aServerRefusingConnectionsPropagatesTheOutageUnwrapped() throws Exception {
        OpenAiProtocolStandIn gone = new OpenAiProtocolStandIn();
        String deadUrl = gone.baseUrl();
        gone.close();
        CascadeExtractor c = cascade("0.5", Map.of("extractor.openai.base.url", deadUrl,
                "extractor.openai.max.attempts", "3", "extractor.openai.circuit.failures", "2"));

        assertThatThrownBy(() -> c.extract(passage("unsure")))
                .isExactlyInstanceOf(BackendUnavailableException.class)
                .hasMessageContaining("circuit is open");
    }

    @Test
    void aRequestTheServerRefusesFailsThePassageAsTheOpenAiBackendDoes() {
        CascadeExtractor c = cascade("0.5", Map.of());
        server.failNext(Fault.status(400));

        // a BackendException that is not an outage: the pipeline dead-letters the passage, as for openai
        assertThatThrownBy(() -> c.extract(passage("unsure"))).isExactlyInstanceOf(BackendException.class)
                .hasMessageContaining("HTTP 400");
    }

    @Test
    void anAnswerTheParserCannotReadIsAnExtractionWithItsProblemsAsForTheOpenAiBackend() {
        server.answering(prompt -> "Sorry, I cannot help with that.");
        ExtractionOutcome o = cascade("0.5", Map.of()).extract(passage("unsure"));

        assertThat(o.triples()).isEmpty();
        assertThat(o.problems()).isNotEmpty();
        assertThat(o.rawOutput()).isEqualTo("Sorry, I cannot help with that.");
        assertThat(o.producedBy().getModel()).isEqualTo("llm:stand-in-7b");
    }

    @Test
    void aFailureOfTheEmbeddedModelPassesThroughWithoutAskingTheServer() {
        Extractor broken = new ScriptedEmbedded() {
            @Override
            public ExtractionOutcome extract(Passage passage) {
                throw new IllegalStateException("encoder failed");
            }
        };
        BackendSettings.Cascade s = BackendConfig.cascade(server.settings(Map.of())::get);
        CascadeExtractor c = new CascadeExtractor("cascade-x", broken, OpenAiBackend.create(s.openAi(), s.llm(),
                registry), CascadeSettings.defaults(), registry);
        opened.add(c);

        assertThatThrownBy(() -> c.extract(passage("p"))).isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("encoder failed");
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void theFactoryBuildsTheCascadeFromTheTrainedModelAndTheOpenAiBackend() {
        Extractor c = ExtractorBackends.create(BackendConfig.read("cascade", server.settings(Map.of(
                "extractor.cascade.threshold", "0"))::get), registry);
        opened.add(c);

        assertThat(c).isInstanceOf(CascadeExtractor.class);
        assertThat(c.annotator().getId()).isEqualTo(CASCADE_ID);
        assertThat(c.annotator().getModel()).startsWith("cascade(embedded:" + ModelExtractor.TUNED_NAME + "+")
                .endsWith(", llm:stand-in-7b)");
        ExtractionOutcome o = c.extract(new Passage("p", "Drought reduces crop yields.", null, null, null, Map.of(),
                Instant.EPOCH));
        assertThat(o.producedBy().getModel()).startsWith("embedded:" + ModelExtractor.TUNED_NAME + "+");
        assertThat(o.triples()).isNotEmpty();
        assertThat(server.requestCount()).isZero();
    }
}
