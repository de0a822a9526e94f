package io.causalstream.serde;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decodes through the registry, retrying what is not the record's fault (see {@link DecodeFailures}) with a
 * bounded exponential backoff:
 * <ul>
 *   <li>a registry or network failure is retried for up to {@link Policy#transientBudget()}, then
 *       {@link RegistryUnavailableException} is thrown: the caller must not dead-letter the record (the Streams
 *       services fail and are restarted, the extractor retries its batch);</li>
 *   <li>a 404 for the schema id is retried for {@link Policy#unknownIdConfirmation()} (a registry that is starting
 *       answers 404 while it loads its storage); a 404 that persists through that window is confirmed and thrown as
 *       {@link UnknownSchemaIdException}: the record is invalid. A confirmed id is remembered for
 *       {@link Policy#unknownIdMemory()}, so a burst of such records costs one confirmation;</li>
 *   <li>anything else (bad magic byte, Avro decode error, wrong type) is thrown at once: invalid.</li>
 * </ul>
 * Safe for concurrent use (Kafka Streams shares a source deserializer between stream threads). It blocks the
 * calling thread while it waits; the budgets stay well below the consumer's
 * {@code max.poll.interval.ms} (5 min by default).
 */
public final class RetryingDeserializer<V> implements Deserializer<V> {

    private static final Logger log = LoggerFactory.getLogger(RetryingDeserializer.class);

    /**
     * @param initialBackoff        first wait
     * @param maxBackoff            the wait doubles up to this
     * @param transientBudget       how long a registry or network failure is retried before giving up
     * @param unknownIdConfirmation how long a 404 for a schema id must persist to be believed
     * @param unknownIdMemory       how long a confirmed unknown id is believed without asking again
     */
    public record Policy(Duration initialBackoff, Duration maxBackoff, Duration transientBudget,
                         Duration unknownIdConfirmation, Duration unknownIdMemory) {

        public static final Policy DEFAULT = new Policy(Duration.ofMillis(200), Duration.ofSeconds(5),
                Duration.ofSeconds(60), Duration.ofSeconds(15), Duration.ofMinutes(10));

        /** The wait after {@code backoff}: twice as long, at most {@link #maxBackoff()}. */
        public Duration next(Duration backoff) {
            Duration twice = backoff.multipliedBy(2);
            return twice.compareTo(maxBackoff) > 0 ? maxBackoff : twice;
        }
    }

    /** Waits; {@code Thread::sleep} in production. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private final Deserializer<V> inner;
    private final Policy policy;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;
    private final Map<Integer, Long> confirmedUnknown = new LinkedHashMap<>();

    public RetryingDeserializer(Deserializer<V> inner, Policy policy) {
        this(inner, policy, System::nanoTime, Thread::sleep);
    }

    public RetryingDeserializer(Deserializer<V> inner, Policy policy, LongSupplier nanoTime, Sleeper sleeper) {
        this.inner = inner;
        this.policy = policy;
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        inner.configure(configs, isKey);
    }

    @Override
    public V deserialize(String topic, byte[] data) {
        return deserialize(topic, null, data);
    }

    @Override
    public V deserialize(String topic, Headers headers, byte[] data) {
        long start = nanoTime.getAsLong();
        RegistryBackoff backoff = new RegistryBackoff(policy, sleeper);
        while (true) {
            try {
                return headers == null ? inner.deserialize(topic, data) : inner.deserialize(topic, headers, data);
            } catch (RuntimeException e) {
                DecodeFailures.Kind kind = DecodeFailures.classify(e);
                if (kind == DecodeFailures.Kind.INVALID) {
                    throw e;
                }
                long now = nanoTime.getAsLong();
                Duration elapsed = Duration.ofNanos(now - start);
                int id = schemaId(data);
                if (kind == DecodeFailures.Kind.UNKNOWN_SCHEMA) {
                    if (remembered(id, now) || elapsed.compareTo(policy.unknownIdConfirmation()) >= 0) {
                        remember(id, now);
                        throw new UnknownSchemaIdException(id, "schema id " + id + " of a record on " + topic
                                + " is unknown to the schema registry (it answered 404 for "
                                + policy.unknownIdConfirmation().toSeconds() + " s)", e);
                    }
                } else if (elapsed.compareTo(policy.transientBudget()) >= 0) {
                    throw new RegistryUnavailableException("schema registry unavailable for " + elapsed.toSeconds()
                            + " s (" + backoff.attempt() + " attempts) while decoding a record on " + topic
                            + "; not dead-lettered: it may be valid", e);
                }
                if (backoff.worthReporting()) {
                    log.warn("decoding a record on {} failed for a reason that is not the record's ({}; {}), "
                            + "retrying (attempt {})", topic, kind, DecodeFailures.summary(e), backoff.attempt());
                }
                backoff.pause(e);
            }
        }
    }

    private synchronized boolean remembered(int id, long now) {
        Long at = confirmedUnknown.get(id);
        return at != null && now - at < policy.unknownIdMemory().toNanos();
    }

    private synchronized void remember(int id, long now) {
        confirmedUnknown.put(id, now);
        if (confirmedUnknown.size() > 1000) {
            confirmedUnknown.remove(confirmedUnknown.keySet().iterator().next());
        }
    }

    /** The schema id of a Confluent wire-format value (magic byte, 4-byte id), or -1. */
    static int schemaId(byte[] data) {
        return data != null && data.length >= 5 && data[0] == 0 ? ByteBuffer.wrap(data, 1, 4).getInt() : -1;
    }

    @Override
    public void close() {
        inner.close();
    }
}
