package io.causalstream.serde;

import io.github.resilience4j.core.IntervalFunction;
import java.nio.ByteBuffer;
import java.time.Duration;
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
 *   <li>a 404 for the schema id is believed at once while the registry serves the schemas it holds (the
 *       {@link RegistryWitness}): {@link UnknownSchemaIdException}, the record is invalid. When that cannot be
 *       shown (the registry answers 404 for a schema it is known to hold, as one that is still loading its storage
 *       does, or lists none) the 404 is retried for {@link Policy#unknownIdConfirmation()} and believed only if it
 *       persists; when the registry cannot be asked, it is an outage as above;</li>
 *   <li>a schema id the registry said it does not have is remembered ({@link MissingSchemaIds}, bounded, for
 *       {@link Policy#unknownIdMemory()}): a record carrying it is invalid without asking again, so a flood of
 *       such records costs one lookup per distinct id;</li>
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
     * @param unknownIdConfirmation how long a 404 for a schema id must persist to be believed when the registry
     *                              does not show that it serves the schemas it holds
     * @param unknownIdMemory       how long the registry's 404 for a schema id is believed without asking again
     */
    public record Policy(Duration initialBackoff, Duration maxBackoff, Duration transientBudget,
                         Duration unknownIdConfirmation, Duration unknownIdMemory) {

        public static final Policy DEFAULT = new Policy(Duration.ofMillis(200), Duration.ofSeconds(5),
                Duration.ofSeconds(60), Duration.ofSeconds(15), Duration.ofSeconds(60));

        /**
         * The wait after failed attempt {@code attempt} (from 1): the initial backoff, doubled per attempt, at most
         * {@link #maxBackoff()} (resilience4j's exponential backoff, the one backoff computation of the OpenAI client
         * and the graph sink too).
         */
        public Duration backoff(int attempt) {
            if (initialBackoff.toMillis() < 1) {
                return initialBackoff;
            }
            return Duration.ofMillis(IntervalFunction.ofExponentialBackoff(initialBackoff.toMillis(), 2,
                    Math.max(initialBackoff.toMillis(), maxBackoff.toMillis())).apply(attempt));
        }
    }

    /** Waits; {@code Thread::sleep} in production. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private final Deserializer<V> inner;
    private final Policy policy;
    private final RegistryWitness witness;
    private final MissingSchemaIds missing;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;

    /** Without a witness: a 404 is believed once it persisted for the policy's confirmation window. */
    public RetryingDeserializer(Deserializer<V> inner, Policy policy) {
        this(inner, policy, System::nanoTime, Thread::sleep);
    }

    public RetryingDeserializer(Deserializer<V> inner, Policy policy, LongSupplier nanoTime, Sleeper sleeper) {
        this(inner, policy, RegistryWitness.none(),
                new MissingSchemaIds(MissingSchemaIds.DEFAULT_CAPACITY, policy.unknownIdMemory(), nanoTime),
                nanoTime, sleeper);
    }

    /**
     * @param witness shows whether the registry serves what it holds (shared by a factory's serdes)
     * @param missing the ids the registry said it does not have (shared likewise)
     */
    RetryingDeserializer(Deserializer<V> inner, Policy policy, RegistryWitness witness, MissingSchemaIds missing,
                         LongSupplier nanoTime, Sleeper sleeper) {
        this.inner = inner;
        this.policy = policy;
        this.witness = witness;
        this.missing = missing;
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
        boolean hasId = hasSchemaId(data);
        int id = hasId ? schemaId(data) : 0;
        Duration ago = hasId ? missing.missingFor(id) : null;
        if (ago != null) {
            throw new UnknownSchemaIdException(id, unknown(id, topic) + " (it answered 404 for this id "
                    + ago.toSeconds() + " s ago; such an answer is believed for "
                    + policy.unknownIdMemory().toSeconds() + " s)", null);
        }
        long start = nanoTime.getAsLong();
        RegistryBackoff backoff = new RegistryBackoff(policy, sleeper);
        // the registry was seen not serving during this record's retries: when it serves again, the id's own
        // 404 may predate the recovery, so the id is asked once more before it is called unknown
        boolean recovering = false;
        while (true) {
            try {
                V value = headers == null ? inner.deserialize(topic, data) : inner.deserialize(topic, headers, data);
                if (hasId) {
                    witness.resolved(id);
                }
                return value;
            } catch (RuntimeException e) {
                DecodeFailures.Kind kind = DecodeFailures.classify(e);
                if (kind == DecodeFailures.Kind.INVALID) {
                    throw e;
                }
                Duration elapsed = Duration.ofNanos(nanoTime.getAsLong() - start);
                boolean outage = kind == DecodeFailures.Kind.TRANSIENT;
                if (!outage) {
                    RegistryWitness.Verdict verdict = witness.check();
                    if (verdict == RegistryWitness.Verdict.SERVING && recovering) {
                        recovering = false;
                        continue;
                    }
                    recovering = verdict != RegistryWitness.Verdict.SERVING;
                    if (verdict == RegistryWitness.Verdict.SERVING) {
                        missing.add(id);
                        throw new UnknownSchemaIdException(id, unknown(id, topic)
                                + " (it answered 404 for this id while serving the schemas it holds)", e);
                    }
                    outage = verdict == RegistryWitness.Verdict.UNREACHABLE;
                    if (!outage && elapsed.compareTo(policy.unknownIdConfirmation()) >= 0) {
                        missing.add(id);
                        throw new UnknownSchemaIdException(id, unknown(id, topic) + " (it answered 404 for "
                                + policy.unknownIdConfirmation().toSeconds() + " s)", e);
                    }
                }
                if (outage) {
                    witness.unavailable();
                    if (elapsed.compareTo(policy.transientBudget()) >= 0) {
                        throw new RegistryUnavailableException("schema registry unavailable for "
                                + elapsed.toSeconds() + " s (" + backoff.attempt() + " attempts) while decoding a "
                                + "record on " + topic + "; not dead-lettered: it may be valid", e);
                    }
                }
                if (backoff.worthReporting()) {
                    log.warn("decoding a record on {} failed for a reason that is not the record's ({}; {}), "
                            + "retrying (attempt {})", topic, outage ? "registry unavailable"
                            : "404 from a registry not serving the schemas it holds", DecodeFailures.summary(e),
                            backoff.attempt());
                }
                backoff.pause(e);
            }
        }
    }

    private static String unknown(int id, String topic) {
        return "schema id " + id + " of a record on " + topic + " is unknown to the schema registry";
    }

    /** Whether {@code data} starts as a Confluent wire-format value does: magic byte 0 and a 4-byte schema id. */
    static boolean hasSchemaId(byte[] data) {
        return data != null && data.length >= 5 && data[0] == 0;
    }

    /** The schema id of a Confluent wire-format value (any int, negative ones included), or -1 without one. */
    static int schemaId(byte[] data) {
        return hasSchemaId(data) ? ByteBuffer.wrap(data, 1, 4).getInt() : -1;
    }

    @Override
    public void close() {
        inner.close();
    }
}
