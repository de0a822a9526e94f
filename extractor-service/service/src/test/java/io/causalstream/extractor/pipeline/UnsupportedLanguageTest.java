package io.causalstream.extractor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.LanguageSupport;
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
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/** extractor.unsupported.language: a German passage is reported (default) or dead-lettered, never silent. */
class UnsupportedLanguageTest {

    static final String GERMAN = "Die Dürre führt zu geringeren Ernteerträgen, und die steigenden Preise verschärfen "
            + "die Ernährungsunsicherheit in den ländlichen Regionen des Landes.";
    static final String ENGLISH = "Drought reduces crop yields, and rising prices worsen food insecurity in the "
            + "rural regions of the country.";
    private static final TopicPartition PASSAGES_0 = new TopicPartition(Topics.PASSAGES.name(), 0);

    private final RegistryFreeSerdes serdes = new RegistryFreeSerdes();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
    private final MockProducer<byte[], byte[]> producer =
            new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
    private final AtomicInteger backendCalls = new AtomicInteger();
    private long nextOffset;

    private final Extractor extractor = new Extractor() {
        @Override
        public Annotator annotator() {
            return new Annotator("test", AnnotatorKind.RULES, "m", null);
        }

        @Override
        public ExtractionOutcome extract(Passage passage) {
            backendCalls.incrementAndGet();
            return ExtractionOutcome.of(List.of(new Triple("Drought", "crop yields", Direction.DECREASE, List.of(),
                    null)));
        }
    };

    private PassagePipeline pipeline(LanguageSupport.Policy policy) {
        PassagePipeline p = new PassagePipeline(consumer, producer, serdes, extractor,
                new ExtractorMetrics(meters, "test"), PassagePipeline.Settings.defaults().withMaxConcurrency(2)
                .withRetryBackoff(Duration.ZERO).withClock(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC))
                .withMaxPassageChars(20_000).withDrainTimeout(Duration.ofSeconds(10)).withUnsupportedLanguage(policy));
        producer.initTransactions();
        p.subscribe();
        consumer.rebalance(List.of(PASSAGES_0));
        consumer.updateBeginningOffsets(Map.of(PASSAGES_0, 0L));
        add("de", GERMAN);
        add("en", ENGLISH);
        return p;
    }

    private void add(String id, String text) {
        Passage passage = new Passage(id, text, null, null, null, Map.of(), Instant.EPOCH);
        consumer.addRecord(new ConsumerRecord<>(Topics.PASSAGES.name(), 0, nextOffset++,
                id.getBytes(StandardCharsets.UTF_8),
                serdes.valueSerializer(Topics.PASSAGES).serialize(Topics.PASSAGES.name(), passage)));
    }

    private Extraction extraction(int i) {
        return serdes.valueDeserializer(Topics.EXTRACTIONS).deserialize(Topics.EXTRACTIONS.name(),
                producer.history().get(i).value());
    }

    @Test
    void byDefaultAnEmptyExtractionSaysWhyAndIsCounted() {
        PassagePipeline p = pipeline(LanguageSupport.Policy.REPORT);
        p.pollOnce();

        assertThat(producer.history()).extracting(r -> r.topic()).containsExactly("extractions", "extractions");
        Extraction german = extraction(0);
        assertThat(german.getPassageId()).isEqualTo("de");
        assertThat(german.getTriples()).isEmpty();
        assertThat(german.getParseProblems()).singleElement().asString()
                .startsWith("UNSUPPORTED_LANGUAGE: language 'de'");
        assertThat(extraction(1).getTriples()).hasSize(1);
        assertThat(extraction(1).getParseProblems()).isEmpty();
        assertThat(backendCalls.get()).isEqualTo(1); // the backend never saw the German passage
        assertThat(meters.get("extractor.parse.problems").tag("kind", "unsupported_language").counter().count())
                .isEqualTo(1);
    }

    @Test
    void withDlqThePassageIsDeadLetteredWithTheReason() {
        PassagePipeline p = pipeline(LanguageSupport.Policy.DLQ);
        p.pollOnce();

        var sent = producer.history();
        assertThat(sent).extracting(r -> r.topic()).containsExactly("passages.dlq", "extractions");
        assertThat(DeadLetters.header(sent.get(0).headers(), DeadLetters.MESSAGE))
                .startsWith("passage 'de' is in an unsupported language 'de' (")
                .endsWith("(extractor.unsupported.language=dlq)");
        assertThat(meters.get("extractor.passages").tag("reason", "unsupported_language").counter().count())
                .isEqualTo(1);
        assertThat(p.status().deadLettered()).isEqualTo(1);
    }

    @Test
    void anEnglishPassageNamingAHexIdReachesTheBackend() {
        // OpenAiExtractorServiceIT's passage text with a run id whose letters (e, da) read as Portuguese words
        PassagePipeline p = pipeline(LanguageSupport.Policy.REPORT);
        add("hex", "Passage 3 of 07e3a2da effect 3");
        p.pollOnce();

        assertThat(producer.history()).hasSize(3);
        Extraction hex = extraction(2);
        assertThat(hex.getPassageId()).isEqualTo("hex");
        assertThat(hex.getParseProblems()).isEmpty();
        assertThat(hex.getTriples()).hasSize(1);
        assertThat(backendCalls.get()).isEqualTo(2); // the English passage and this one
    }

    @Test
    void theSettingIsReportOrDlq() {
        assertThat(LanguageSupport.Policy.parse("dlq")).isEqualTo(LanguageSupport.Policy.DLQ);
        assertThat(LanguageSupport.Policy.parse(" Report ")).isEqualTo(LanguageSupport.Policy.REPORT);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LanguageSupport.Policy.parse("drop"))
                .hasMessage("extractor.unsupported.language must be report or dlq, got 'drop'");
    }
}
