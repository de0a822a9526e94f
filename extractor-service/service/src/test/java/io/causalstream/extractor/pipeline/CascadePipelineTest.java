package io.causalstream.extractor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.choice.BackendSettings;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.cascade.CascadeExtractor;
import io.causalstream.extractor.backend.openai.OpenAiBackend;
import io.causalstream.openai.OpenAiProtocolStandIn;
import io.causalstream.openai.OpenAiProtocolStandIn.Fault;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.RegistryFreeSerdes;
import io.causalstream.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The loop with the cascade backend (a scripted embedded model, the openai backend on the protocol stand-in for an
 * inference server): one annotation id whatever the path, the path in the published annotator, and an outage of
 * the server treated as for the openai backend: the batch waits, nothing is dead-lettered.
 */
class CascadePipelineTest {

    private static final TopicPartition PASSAGES_0 = new TopicPartition(Topics.PASSAGES.name(), 0);
    private static final String CASCADE_ID = "cascade-stand-in-7b-three-shot";

    private final RegistryFreeSerdes serdes = new RegistryFreeSerdes();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
    private final MockProducer<byte[], byte[]> producer =
            new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
    private OpenAiProtocolStandIn server;
    private CascadeExtractor cascade;
    private long nextOffset;

    /** Sure of passages whose id starts with "sure", unsure of the others. */
    private static final class ScriptedEmbedded implements Extractor {
        @Override
        public Annotator annotator() {
            return new Annotator("embedded-v1", AnnotatorKind.MODEL, "scripted-head", null);
        }

        @Override
        public ExtractionOutcome extract(Passage passage) {
            return ExtractionOutcome.of(List.of(new Triple("embedded cause", "embedded effect", Direction.INCREASE,
                    List.of(), null))).withCertainty(passage.getId().startsWith("sure") ? 0.9 : 0.1);
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = new OpenAiProtocolStandIn().answering(prompt -> "{\"triplets\": [{\"subject\": \"drought\", "
                + "\"object\": \"crop yields\", \"relation\": \"Negative\"}]}");
        Map<String, String> settings = new HashMap<>(server.settings(Map.of("extractor.cache.enabled", "false",
                "extractor.openai.backoff.ms", "1", "extractor.openai.backoff.max.ms", "5",
                "extractor.openai.max.attempts", "3", "extractor.openai.circuit.failures", "2",
                "extractor.openai.circuit.open.ms", "1000")));
        BackendSettings.Cascade s = BackendConfig.cascade(settings::get);
        cascade = new CascadeExtractor(s.llm().annotatorId(), new ScriptedEmbedded(),
                OpenAiBackend.create(s.openAi(), s.llm(), meters), s.cascade(), meters);
    }

    @AfterEach
    void stop() {
        cascade.close();
        server.close();
    }

    private PassagePipeline pipeline() {
        PassagePipeline p = new PassagePipeline(consumer, producer, serdes, cascade,
                new ExtractorMetrics(meters, cascade.annotator().getId()), PassagePipeline.Settings.defaults()
                .withMaxConcurrency(2).withRetryBackoff(Duration.ZERO)
                .withClock(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC)).withMaxPassageChars(20_000));
        producer.initTransactions();
        p.subscribe();
        consumer.rebalance(List.of(PASSAGES_0));
        consumer.updateBeginningOffsets(Map.of(PASSAGES_0, 0L));
        return p;
    }

    private void addPassage(String id) {
        Passage passage = new Passage(id, "In " + id + ", drought reduces crop yields.", null, null, null, Map.of(),
                Instant.EPOCH);
        consumer.addRecord(new ConsumerRecord<>(Topics.PASSAGES.name(), 0, nextOffset++,
                id.getBytes(StandardCharsets.UTF_8),
                serdes.valueSerializer(Topics.PASSAGES).serialize(Topics.PASSAGES.name(), passage)));
    }

    private Extraction published(int i) {
        return serdes.valueDeserializer(Topics.EXTRACTIONS).deserialize(Topics.EXTRACTIONS.name(),
                producer.history().get(i).value());
    }

    @Test
    void anOutageOfTheServerRewindsTheBatchAndItsRetryPublishesBothPathsUnderOneId() throws Exception {
        PassagePipeline p = pipeline();
        server.failNext(Fault.status(503), Fault.status(503));
        addPassage("sure-1");
        addPassage("unsure-2");

        p.pollOnce();

        // the sure passage needed no server, but the batch is one transaction: it waits with the other
        assertThat(producer.history()).isEmpty();
        assertThat(producer.commitCount()).isZero();
        assertThat(consumer.position(PASSAGES_0)).isZero();
        assertThat(p.status().deadLettered()).isZero();
        assertThat(p.status().failedBatches()).isEqualTo(1);
        assertThat(p.status().lastError()).startsWith("BackendUnavailableException: ");

        Thread.sleep(1_100); // the breaker lets a trial call through
        nextOffset = 0;
        addPassage("sure-1");
        addPassage("unsure-2");
        p.pollOnce();

        assertThat(producer.history()).extracting(r -> r.topic()).containsExactly("extractions", "extractions");
        Extraction sure = published(0);
        Extraction unsure = published(1);
        assertThat(sure.getAnnotationId()).isEqualTo(CASCADE_ID);
        assertThat(unsure.getAnnotationId()).isEqualTo(CASCADE_ID);
        assertThat(sure.getAnnotator()).isEqualTo(new Annotator(CASCADE_ID, AnnotatorKind.MODEL,
                "embedded:scripted-head", null));
        assertThat(sure.getTriples()).extracting(Triple::getSource).containsExactly("embedded cause");
        assertThat(unsure.getAnnotator()).isEqualTo(new Annotator(CASCADE_ID, AnnotatorKind.MODEL,
                "llm:stand-in-7b", "json-schema"));
        assertThat(unsure.getTriples()).extracting(Triple::getSource).containsExactly("drought");
        assertThat(unsure.getRawOutput()).startsWith("{\"triplets\"");
        assertThat(p.status().extracted()).isEqualTo(2);
    }

    @Test
    void aRequestTheServerRefusesDeadLettersThePassageAsForTheOpenAiBackend() {
        PassagePipeline p = pipeline();
        server.failNext(Fault.status(400));
        addPassage("unsure-1");

        p.pollOnce();

        var sent = producer.history();
        assertThat(sent).extracting(r -> r.topic()).containsExactly("passages.dlq");
        assertThat(DeadLetters.header(sent.get(0).headers(), DeadLetters.MESSAGE)).startsWith("extractor "
                + CASCADE_ID + " failed on passage 'unsure-1' <- HTTP 400 from /chat/completions");
        assertThat(meters.get("extractor.passages").tag("reason", "backend_failed").counter().count()).isEqualTo(1);
    }
}
