package io.causalstream.extractor.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** A record the broker or the registry refuses is named with its reason, and the count stays exact. */
class KafkaPublisherTest {

    private static <V> Serializer<V> bytes() {
        return (topic, v) -> new byte[0];
    }

    private static Passage passage(String id, String text) {
        return Records.passage(id, text, null, null, null, Map.of(), Instant.EPOCH);
    }

    @Test
    void anOversizedPassageIsNamedWithTheBrokersSizeLimit() {
        MockProducer<String, Passage> passages = new MockProducer<>(false, null, new StringSerializer(), bytes());
        MockProducer<String, Extraction> extractions = new MockProducer<>(true, null, new StringSerializer(),
                bytes());
        KafkaPublisher p = new KafkaPublisher(passages, extractions);
        p.passage(passage("p-small", "Rain floods the valley."));
        p.passage(passage("p-big", "x".repeat(5000)));
        passages.completeNext();
        passages.errorNext(new RecordTooLargeException("The message is 5243000 bytes when serialized which is "
                + "larger than 1048576, which is the value of the max.request.size configuration."));
        assertThat(p.flush()).isEqualTo(1);
        assertThat(p.failures()).singleElement().asString()
                .startsWith("passage 'p-big' (5000 characters) not published: larger than the broker accepts")
                .contains("5243000 bytes").contains("max.request.size").contains("message.max.bytes")
                .contains("--unit paragraphs").doesNotContain("\tat ");
    }

    @Test
    void aRecordTheSerializerRefusesIsCountedWithItsReasonNotThrown() {
        Serializer<Passage> refusing = (topic, v) -> {
            throw new SerializationException("Error registering Avro schema",
                    new java.net.ConnectException("Connection refused"));
        };
        MockProducer<String, Passage> passages = new MockProducer<>(true, null, new StringSerializer(), refusing);
        KafkaPublisher p = new KafkaPublisher(passages, new MockProducer<>(true, null, new StringSerializer(),
                bytes()));
        p.passage(passage("p-1", "Rain floods the valley."));
        p.passage(passage("p-2", "Drought lowers yields."));
        assertThat(p.flush()).isEqualTo(2);
        assertThat(p.failures()).hasSize(2).first().asString()
                .startsWith("passage 'p-1' (23 characters) not published: ").contains("Connection refused");
    }
}
