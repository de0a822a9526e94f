package io.causalstream.extractor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.BackendUnavailableException;
import io.causalstream.extractor.parse.ParseProblem;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How the loop treats what LLM backends bring: outages, parse problems, cache hits, slow calls at shutdown. */
class PipelineBackendBehaviourTest {

    private static final TopicPartition PASSAGES_0 = new TopicPartition(Topics.PASSAGES.name(), 0);

    private final RegistryFreeSerdes serdes = new RegistryFreeSerdes();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
    private final MockProducer<byte[], byte[]> producer =
            new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
    private long nextOffset;

    private record FunctionExtractor(Function<Passage, ExtractionOutcome> f) implements Extractor {
        @Override
        public Annotator annotator() {
            return new Annotator("llm-test", AnnotatorKind.MODEL, "m", "three-shot");
        }

        @Override
        public ExtractionOutcome extract(Passage passage) {
            return f.apply(passage);
        }
    }

    private PassagePipeline pipeline(Function<Passage, ExtractionOutcome> f, int maxChars) {
        return new PassagePipeline(consumer, producer, serdes, new FunctionExtractor(f),
                new ExtractorMetrics(meters, "llm-test"), PassagePipeline.Settings.defaults().withMaxConcurrency(2)
                .withRetryBackoff(Duration.ZERO).withClock(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC))
                .withMaxPassageChars(maxChars).withDrainTimeout(Duration.ofSeconds(10)));
    }

    private void assign(PassagePipeline p) {
        producer.initTransactions();
        p.subscribe();
        consumer.rebalance(List.of(PASSAGES_0));
        consumer.updateBeginningOffsets(Map.of(PASSAGES_0, 0L));
    }

    private void addPassage(String id, String text) {
        Passage passage = new Passage(id, text, null, null, null, Map.of(), Instant.EPOCH);
        consumer.addRecord(new ConsumerRecord<>(Topics.PASSAGES.name(), 0, nextOffset++,
                id.getBytes(StandardCharsets.UTF_8),
                serdes.valueSerializer(Topics.PASSAGES).serialize(Topics.PASSAGES.name(), passage)));
    }

    private static ExtractionOutcome oneTriple(Passage p) {
        return ExtractionOutcome.of(List.of(new Triple(p.getText(), "effect", Direction.INCREASE, List.of(), null)));
    }

    @Test
    void anOpenCircuitRewindsTheBatchInsteadOfDeadLetteringIt() {
        AtomicBoolean down = new AtomicBoolean(true);
        PassagePipeline p = pipeline(passage -> {
            if (down.get()) {
                throw new BackendUnavailableException("openai circuit is open");
            }
            return oneTriple(passage);
        }, 1000);
        assign(p);
        addPassage("p1", "Drought");
        addPassage("p2", "Rain");

        p.pollOnce();

        assertThat(producer.history()).isEmpty();
        assertThat(producer.commitCount()).isZero();
        assertThat(consumer.position(PASSAGES_0)).isZero();
        assertThat(p.status().failedBatches()).isEqualTo(1);
        assertThat(p.status().deadLettered()).isZero();
        assertThat(p.status().lastError()).isEqualTo("BackendUnavailableException: openai circuit is open");

        down.set(false);
        nextOffset = 0;
        addPassage("p1", "Drought");
        addPassage("p2", "Rain");
        p.pollOnce();

        assertThat(producer.history()).extracting(r -> r.topic()).containsExactly("extractions", "extractions");
        assertThat(p.status().extracted()).isEqualTo(2);
    }

    @Test
    void oversizedAndNonTextPassagesAreDeadLetteredWithTheReason() {
        PassagePipeline p = pipeline(PipelineBackendBehaviourTest::oneTriple, 20);
        assign(p);
        addPassage("long", "This passage is longer than twenty characters.");
        addPassage("binary", "abc\u0000def");
        addPassage("ok", "Short text.");

        p.pollOnce();

        var sent = producer.history();
        assertThat(sent).extracting(r -> r.topic()).containsExactly("passages.dlq", "passages.dlq", "extractions");
        assertThat(DeadLetters.header(sent.get(0).headers(), DeadLetters.MESSAGE)).isEqualTo(
                "passage 'long' is oversized: 46 characters, the limit is 20 (passage.max.chars); split "
                        + "it into paragraphs");
        assertThat(DeadLetters.header(sent.get(1).headers(), DeadLetters.MESSAGE))
                .isEqualTo("passage 'binary' is not text: it contains NUL characters (binary data)");
        assertThat(meters.get("extractor.passages").tag("reason", "invalid").counter().count()).isEqualTo(2);
    }

    @Test
    void parseProblemsFollowTheRawOutputAndAreCountedByKind() {
        PassagePipeline p = pipeline(passage -> new ExtractionOutcome(List.of(), "<triplet> a <subj> b", 40, 6,
                List.of(new ParseProblem(ParseProblem.Kind.UNKNOWN_RELATION, "b"),
                        new ParseProblem(ParseProblem.Kind.NO_TRIPLETS, "")), true), 1000);
        assign(p);
        addPassage("p1", "Drought");

        p.pollOnce();

        Extraction e = serdes.valueDeserializer(Topics.EXTRACTIONS)
                .deserialize("extractions", producer.history().get(0).value());
        assertThat(e.getRawOutput()).isEqualTo("<triplet> a <subj> b");
        assertThat(e.getParseProblems()).containsExactly("UNKNOWN_RELATION: b", "NO_TRIPLETS");
        assertThat(e.getCached()).isTrue();
        assertThat(e.getPromptTokens()).isEqualTo(40);
        assertThat(e.getCompletionTokens()).isEqualTo(6);
        assertThat(meters.get("extractor.parse.problems").tag("kind", "unknown_relation").counter().count())
                .isEqualTo(1);
        assertThat(meters.get("extractor.parse.problems").tag("kind", "no_triplets").counter().count())
                .isEqualTo(1);
        assertThat(meters.get("extractor.extractions.cached").counter().count()).isEqualTo(1);
    }

    @Test
    @Timeout(30)
    void closeLetsTheBatchInFlightFinishAndCommit() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        PassagePipeline p = pipeline(passage -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted: the drain did not wait", e);
            }
            return oneTriple(passage);
        }, 1000);
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(PASSAGES_0));
            consumer.updateBeginningOffsets(Map.of(PASSAGES_0, 0L));
            addPassage("slow", "Drought");
        });
        p.start();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        Thread closer = Thread.ofVirtual().start(p::close);
        Thread.sleep(200); // close() is now waiting for the batch
        assertThat(producer.history()).isEmpty();
        release.countDown();
        closer.join(10_000);

        assertThat(closer.isAlive()).isFalse();
        assertThat(producer.history()).extracting(r -> new String(r.key(), StandardCharsets.UTF_8))
                .containsExactly("slow");
        assertThat(producer.commitCount()).isEqualTo(1);
        assertThat(p.status().extracted()).isEqualTo(1);
        assertThat(consumer.closed()).isTrue();
    }
}
