package io.causalstream.elo.rater;

import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes the rater page's judgments to {@code judgments}, keyed by passage, with an idempotent producer
 * (acks=all) so a retry inside the client never writes twice; a retry by the browser reuses its judgmentId and is
 * dropped by the topology.
 */
public final class JudgmentPublisher implements AutoCloseable {

    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);

    private final KafkaProducer<String, Judgment> producer;

    public JudgmentPublisher(Map<String, Object> connection, SerdeFactory serdes, Map<String, String> overrides) {
        Map<String, Object> props = new HashMap<>(connection); // bootstrap servers and security
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "elo-service-rater-page");
        props.putAll(overrides);
        this.producer = new KafkaProducer<>(props, new StringSerializer(), serdes.valueSerializer(Topics.JUDGMENTS));
    }

    /** Sends and waits for the broker's acknowledgement. */
    public void publish(Judgment judgment) throws ExecutionException, InterruptedException, TimeoutException {
        producer.send(new ProducerRecord<>(Topics.JUDGMENTS.name(), judgment.getPassageId(), judgment))
                .get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
