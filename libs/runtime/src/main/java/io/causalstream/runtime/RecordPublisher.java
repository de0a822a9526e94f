package io.causalstream.runtime;

import io.causalstream.topics.Topic;
import org.apache.avro.specific.SpecificRecord;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes what a person does on a service's page (the rater page's judgments, the curation page's corrections) to
 * its topic, keyed by passage, with an idempotent producer (acks=all) so a retry inside the client never writes
 * twice, and says what became of each record ({@link Sent}): published, certainly not published, or unknown (the
 * wait ended while the record may still be written). The caller derives the record's id from who did what
 * (rater, passage and pair; curator, passage and extraction version), so a retry after an unknown outcome is
 * counted at most once.
 */
public final class RecordPublisher<V extends SpecificRecord> implements AutoCloseable {

    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);

    /** What became of a record. */
    public enum Outcome {
        /** the broker acknowledged it (acks=all) */
        PUBLISHED,
        /** it was certainly not written (refused before or by the broker); a retry may succeed */
        NOT_PUBLISHED,
        /** the wait ended without an answer: it may still be written; a retry is safe (same judgmentId) */
        UNKNOWN
    }

    /** The outcome and, unless published, a short reason (a Kafka error class name, never a stack trace). */
    public record Sent(Outcome outcome, String reason) {
    }

    private final Producer<String, V> producer;
    private final String topic;
    private final Duration timeout;

    /**
     * @param values   the values' serializer: one that fails at once when the registry cannot be asked
     *                 ({@code AvroSerdes.failFastValueSerializer}), so that a person's request is not held
     * @param clientId the producer's client id (e.g. {@code elo-service-rater-page})
     */
    public RecordPublisher(Map<String, Object> connection, Topic<V> topic, Serializer<V> values, String clientId,
                           Map<String, String> overrides) {
        this(producer(connection, values, clientId, overrides), topic.name(), SEND_TIMEOUT);
    }

    /** Over any producer (a {@code MockProducer} in tests), waiting up to {@code timeout} for the acknowledgement. */
    public RecordPublisher(Producer<String, V> producer, String topic, Duration timeout) {
        this.producer = producer;
        this.topic = topic;
        this.timeout = timeout;
    }

    private static <V extends SpecificRecord> Producer<String, V> producer(Map<String, Object> connection, Serializer<V> values,
                                                    String clientId, Map<String, String> overrides) {
        Map<String, Object> props = new HashMap<>(connection); // bootstrap servers and security
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        // a send that cannot even find the topic's leader fails here, certainly unwritten, instead of waiting
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000);
        props.putAll(overrides);
        return new KafkaProducer<>(props, new StringSerializer(), values);
    }

    /** Sends and waits for the broker's acknowledgement; never throws for a Kafka failure. */
    public Sent publish(String key, V value) throws InterruptedException {
        return await(send(key, value));
    }

    /** A send under way: its future, or the certain refusal of {@code send()} itself. */
    public record Pending(Future<RecordMetadata> future, Sent refused) {
    }

    /** Starts a send without waiting (to send several records, then {@link #await} each). */
    public Pending send(String key, V value) {
        try {
            return new Pending(producer.send(new ProducerRecord<>(topic, key, value)), null);
        } catch (RuntimeException e) {
            // thrown by send() itself (metadata wait, serialization, closed producer): nothing was queued
            return new Pending(null, new Sent(Outcome.NOT_PUBLISHED, e.getClass().getSimpleName()));
        }
    }

    /** Waits for a send's acknowledgement; never throws for a Kafka failure. */
    public Sent await(Pending pending) throws InterruptedException {
        if (pending.refused() != null) {
            return pending.refused();
        }
        Future<RecordMetadata> f = pending.future();
        try {
            f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return new Sent(Outcome.PUBLISHED, null);
        } catch (TimeoutException e) {
            return new Sent(Outcome.UNKNOWN, "no acknowledgement within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            return new Sent(outcomeOf(e.getCause()), e.getCause() == null ? "failed"
                    : e.getCause().getClass().getSimpleName());
        }
    }

    /**
     * Whether a failed send certainly left nothing on the topic. Only refusals that happen before a write
     * (serialization, size, authorization, unknown topic) are certain; anything else, a delivery timeout above
     * all, may have been written with its acknowledgement lost.
     */
    static Outcome outcomeOf(Throwable failure) {
        if (failure instanceof SerializationException || failure instanceof RecordTooLargeException
                || failure instanceof RecordBatchTooLargeException || failure instanceof AuthorizationException
                || failure instanceof AuthenticationException || failure instanceof InvalidTopicException
                || failure instanceof UnknownTopicOrPartitionException) {
            return Outcome.NOT_PUBLISHED;
        }
        return Outcome.UNKNOWN;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
