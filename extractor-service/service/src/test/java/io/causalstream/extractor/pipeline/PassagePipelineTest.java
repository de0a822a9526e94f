package io.causalstream.extractor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.serde.UnknownSchemaIdException;
import io.causalstream.testkit.RegistryFreeSerdes;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The loop against Kafka's mock clients: transactions, dead letters, order, retries, fencing. */
class PassagePipelineTest {

    private static final TopicPartition PASSAGES_0 = new TopicPartition(Topics.PASSAGES.name(), 0);
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");

    private final RegistryFreeSerdes serdes = new RegistryFreeSerdes();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private MockConsumer<byte[], byte[]> consumer;
    private MockProducer<byte[], byte[]> producer;
    private PassagePipeline pipeline;
    private long nextOffset;

    /** One triple "<text> -> effect"; fails on a passage whose text is "boom". */
    private static final class EchoExtractor implements Extractor {
        @Override
        public Annotator annotator() {
            return new Annotator("echo-v1", AnnotatorKind.RULES, "echo", null);
        }

        @Override
        public ExtractionOutcome extract(Passage passage) {
            if (passage.getText().equals("boom")) {
                throw new IllegalStateException("the backend choked");
            }
            return new ExtractionOutcome(List.of(new Triple(passage.getText(), "effect", Direction.DECREASE,
                    List.of(new EvidenceSpan(0, passage.getText().length())), null)), "raw", 12, 3);
        }
    }

    @BeforeEach
    void setUp() {
        consumer = new MockConsumer<>("earliest");
        producer = new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        pipeline = new PassagePipeline(consumer, producer, serdes, new EchoExtractor(),
                new ExtractorMetrics(meters, "echo-v1"), PassagePipeline.Settings.defaults().withMaxConcurrency(2)
                .withRetryBackoff(Duration.ZERO).withClock(Clock.fixed(NOW, ZoneOffset.UTC)).withMaxPassageChars(20_000));
    }

    /** What start() does before its thread polls, without the thread. */
    private void assign() {
        producer.initTransactions();
        pipeline.subscribe();
        consumer.rebalance(List.of(PASSAGES_0));
        consumer.updateBeginningOffsets(Map.of(PASSAGES_0, 0L));
    }

    private void addRaw(String key, byte[] value) {
        consumer.addRecord(new ConsumerRecord<>(Topics.PASSAGES.name(), 0, nextOffset++,
                key == null ? null : key.getBytes(StandardCharsets.UTF_8), value));
    }

    private void addPassage(String key, String id, String text) {
        Passage p = new Passage(id, text, null, null, null, Map.of(), Instant.EPOCH);
        addRaw(key, serdes.valueSerializer(Topics.PASSAGES).serialize(Topics.PASSAGES.name(), p));
    }

    private Extraction decodeExtraction(ProducerRecord<byte[], byte[]> record) {
        return serdes.valueDeserializer(Topics.EXTRACTIONS).deserialize(record.topic(), record.value());
    }

    private static String key(ProducerRecord<byte[], byte[]> record) {
        return new String(record.key(), StandardCharsets.UTF_8);
    }

    @Test
    void aPassageWithASchemaIdTheRegistryDoesNotHaveIsDeadLetteredWithItsCode() {
        // the registry's deserializer, as it answers a schema id nobody registered
        SerdeFactory unknownIds = new SerdeFactory() {
            @Override
            public <V extends SpecificRecord> Serializer<V> valueSerializer(Topic<V> topic) {
                return serdes.valueSerializer(topic);
            }

            @Override
            public <V extends SpecificRecord> Deserializer<V> valueDeserializer(Topic<V> topic) {
                return (t, data) -> {
                    throw new UnknownSchemaIdException(0x3f000000, "schema id 1056964608 of a record on passages "
                            + "is unknown to the schema registry (it answered 404 for this id while serving the "
                            + "schemas it holds)", null);
                };
            }
        };
        pipeline = new PassagePipeline(consumer, producer, unknownIds, new EchoExtractor(),
                new ExtractorMetrics(meters, "echo-v1"), PassagePipeline.Settings.defaults().withMaxConcurrency(2)
                .withRetryBackoff(Duration.ZERO).withClock(Clock.fixed(NOW, ZoneOffset.UTC)).withMaxPassageChars(20_000));
        assign();
        addRaw("flood-1", new byte[]{0, 0x3f, 0, 0, 0, 7, 7, 7});

        pipeline.pollOnce();

        ProducerRecord<byte[], byte[]> dead = producer.history().getFirst();
        assertThat(dead.topic()).isEqualTo("passages.dlq");
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.CODE)).isEqualTo("unknown_schema_id");
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.MESSAGE)).contains(
                "schema id 1056964608 of a record on passages is unknown to the schema registry");
        assertThat(meters.get("extractor.passages").tag("reason", "unknown_schema_id").counter().count())
                .isEqualTo(1);
    }

    @Test
    void oneTransactionPerBatchWithResultsAndDeadLettersInInputOrder() {
        assign();
        addPassage("p1", "p1", "Drought");
        addRaw("bad", "not avro".getBytes(StandardCharsets.UTF_8));
        addPassage("p9", "p3", "Rain");
        addPassage("p4", "p4", "boom");
        addPassage("p5", "p5", "Heat");

        pipeline.pollOnce();

        assertThat(producer.transactionCommitted()).isTrue();
        assertThat(producer.commitCount()).isEqualTo(1);
        List<ProducerRecord<byte[], byte[]>> sent = producer.history();
        assertThat(sent).extracting(ProducerRecord::topic).containsExactly(
                "extractions", "passages.dlq", "passages.dlq", "passages.dlq", "extractions");
        assertThat(sent).extracting(PassagePipelineTest::key).containsExactly("p1", "bad", "p9", "p4", "p5");

        Extraction first = decodeExtraction(sent.get(0));
        assertThat(first.getPassageId()).isEqualTo("p1");
        assertThat(first.getAnnotationId()).isEqualTo("echo-v1");
        assertThat(first.getAnnotator()).isEqualTo(new Annotator("echo-v1", AnnotatorKind.RULES, "echo", null));
        assertThat(first.getTriples()).containsExactly(new Triple("Drought", "effect", Direction.DECREASE,
                List.of(new EvidenceSpan(0, 7)), null));
        assertThat(first.getRawOutput()).isEqualTo("raw");
        assertThat(first.getPromptTokens()).isEqualTo(12);
        assertThat(first.getCompletionTokens()).isEqualTo(3);
        assertThat(first.getLatencyMs()).isNotNull().isNotNegative();
        assertThat(first.getCreatedAt()).isEqualTo(NOW);
        assertThat(decodeExtraction(sent.get(4)).getPassageId()).isEqualTo("p5");

        var garbage = sent.get(1);
        assertThat(garbage.value()).isEqualTo("not avro".getBytes(StandardCharsets.UTF_8));
        assertThat(DeadLetters.header(garbage.headers(), DeadLetters.MESSAGE))
                .startsWith("value is not a Passage in the registry's Avro wire format <- ");
        assertThat(DeadLetters.header(garbage.headers(), DeadLetters.OFFSET)).isEqualTo("1");
        assertThat(DeadLetters.header(sent.get(2).headers(), DeadLetters.MESSAGE))
                .isEqualTo("record key 'p9' does not match passage id 'p3'");
        assertThat(DeadLetters.header(sent.get(3).headers(), DeadLetters.MESSAGE))
                .isEqualTo("extractor echo-v1 failed on passage 'p4' <- the backend choked");

        assertThat(producer.consumerGroupOffsetsHistory()).hasSize(1);
        Map<TopicPartition, OffsetAndMetadata> offsets =
                producer.consumerGroupOffsetsHistory().get(0).values().iterator().next();
        assertThat(offsets.get(PASSAGES_0).offset()).isEqualTo(5);

        assertThat(pipeline.status()).isEqualTo(new PipelineStatus(false, false, 2, 3, 0, null));
        assertThat(meters.get("extractor.passages").tag("outcome", "extracted").counter().count()).isEqualTo(2);
        assertThat(meters.get("extractor.passages").tag("reason", "undecodable").counter().count()).isEqualTo(1);
        assertThat(meters.get("extractor.passages").tag("reason", "invalid").counter().count()).isEqualTo(1);
        assertThat(meters.get("extractor.passages").tag("reason", "backend_failed").counter().count())
                .isEqualTo(1);
        assertThat(meters.get("extractor.triples").tag("annotator", "echo-v1").counter().count()).isEqualTo(2);
        assertThat(meters.get("extractor.extraction.latency").tag("annotator", "echo-v1").timer().count())
                .isEqualTo(2);
    }

    @Test
    void kafkaErrorAbortsTheBatchRewindsAndTheRetryPublishesOnce() {
        assign();
        addPassage("p1", "p1", "Drought");
        addPassage("p2", "p2", "Rain");
        producer.sendException = new KafkaException("broker unavailable");

        pipeline.pollOnce();

        assertThat(producer.transactionAborted()).isTrue();
        assertThat(producer.history()).isEmpty();
        assertThat(consumer.position(PASSAGES_0)).isZero();
        assertThat(pipeline.status().failedBatches()).isEqualTo(1);
        assertThat(pipeline.status().lastError()).isEqualTo("KafkaException: broker unavailable");
        assertThat(pipeline.status().healthy()).isFalse(); // not started: no loop thread

        // MockConsumer forgets what it returned; a broker serves the batch again from the rewound position
        producer.sendException = null;
        nextOffset = 0;
        addPassage("p1", "p1", "Drought");
        addPassage("p2", "p2", "Rain");
        pipeline.pollOnce();

        assertThat(producer.history()).extracting(PassagePipelineTest::key).containsExactly("p1", "p2");
        assertThat(pipeline.status().extracted()).isEqualTo(2);
        assertThat(meters.get("extractor.passages").tag("outcome", "extracted").counter().count()).isEqualTo(2);
    }

    @Test
    void fencedProducerIsFatal() {
        assign();
        addPassage("p1", "p1", "Drought");
        producer.fenceProducer();

        assertThatThrownBy(pipeline::pollOnce).isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot go on with this producer")
                .hasRootCauseInstanceOf(ProducerFencedException.class);
        assertThat(producer.history()).isEmpty();
    }

    @Test
    void isFatalLooksThroughWrappers() {
        assertThat(BatchRetry.isFatal(new KafkaException("wrapped", new ProducerFencedException("fenced"))))
                .isTrue();
        assertThat(BatchRetry.isFatal(new KafkaException("timeout"))).isFalse();
    }

    @Test
    @Timeout(20)
    void loopThreadStopsAndReportsFailureWhenFenced() throws Exception {
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(PASSAGES_0));
            consumer.updateBeginningOffsets(Map.of(PASSAGES_0, 0L));
            addPassage("p1", "p1", "Drought");
        });
        producer.beginTransactionException = new ProducerFencedException("another instance took over");
        pipeline.start();

        pipeline.awaitStopped();

        PipelineStatus status = pipeline.status();
        assertThat(status.running()).isFalse();
        assertThat(status.failed()).isTrue();
        assertThat(status.healthy()).isFalse();
        assertThat(status.lastError()).isEqualTo("IllegalStateException: cannot go on with this producer <- another instance took over");
        assertThat(consumer.closed()).isTrue();
        assertThat(producer.closed()).isTrue();
        pipeline.close();
    }

    @Test
    @Timeout(20)
    void closeStopsTheLoopAndClosesTheClients() throws Exception {
        pipeline.start();
        assertThat(pipeline.status().healthy()).isTrue();

        pipeline.close();
        pipeline.close(); // idempotent

        assertThat(pipeline.status().running()).isFalse();
        assertThat(pipeline.status().failed()).isFalse();
        assertThat(consumer.closed()).isTrue();
        assertThat(producer.closed()).isTrue();
    }
}
