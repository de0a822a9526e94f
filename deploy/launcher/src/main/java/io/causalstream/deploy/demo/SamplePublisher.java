package io.causalstream.deploy.demo;

import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the sample: passages (the extractor annotates them), the ten annotations (as extractions) and then the
 * judgments. Annotations go first so the Elo service knows every player before the first judgment.
 */
public final class SamplePublisher {

    private static final Logger log = LoggerFactory.getLogger(SamplePublisher.class);

    private final String bootstrapServers;
    private final SerdeFactory serdes;

    public SamplePublisher(String bootstrapServers, SerdeFactory serdes) {
        this.bootstrapServers = bootstrapServers;
        this.serdes = serdes;
    }

    public void publish(SampleData data) {
        send(Topics.PASSAGES, data.passages(), p -> p.getId());
        send(Topics.EXTRACTIONS, data.annotations(), a -> a.getPassageId());
        send(Topics.JUDGMENTS, data.judgments(), j -> j.getPassageId());
    }

    private <V extends SpecificRecord> void send(Topic<V> topic, List<V> records, Function<V, String> key) {
        Map<String, Object> props = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 5);
        try (var producer = new KafkaProducer<>(props, new StringSerializer(), serdes.valueSerializer(topic))) {
            for (V r : records) {
                producer.send(new ProducerRecord<>(topic.name(), key.apply(r), r));
            }
            producer.flush();
        }
        log.info("published {} records to {}", records.size(), topic);
    }
}
