package io.causalstream.serde;

import java.time.Duration;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Encodes through the registry (which registers a schema the first time it is used), retrying a registry or network
 * failure ({@link DecodeFailures.Kind#TRANSIENT}) with the same bounded backoff as {@link RetryingDeserializer}; after
 * {@link RetryingDeserializer.Policy#transientBudget()} it throws {@link RegistryUnavailableException}. Any other
 * failure is thrown at once. Safe for concurrent use; it blocks the calling thread while it waits.
 */
public final class RetryingSerializer<V> implements Serializer<V> {

    private static final Logger log = LoggerFactory.getLogger(RetryingSerializer.class);

    private final Serializer<V> inner;
    private final RetryingDeserializer.Policy policy;
    private final LongSupplier nanoTime;
    private final RetryingDeserializer.Sleeper sleeper;
    private final IntConsumer encoded;

    public RetryingSerializer(Serializer<V> inner, RetryingDeserializer.Policy policy) {
        this(inner, policy, System::nanoTime, Thread::sleep);
    }

    public RetryingSerializer(Serializer<V> inner, RetryingDeserializer.Policy policy, LongSupplier nanoTime,
                              RetryingDeserializer.Sleeper sleeper) {
        this(inner, policy, nanoTime, sleeper, id -> { });
    }

    /** @param encoded told the schema id of every record encoded: the registry holds it */
    RetryingSerializer(Serializer<V> inner, RetryingDeserializer.Policy policy, LongSupplier nanoTime,
                       RetryingDeserializer.Sleeper sleeper, IntConsumer encoded) {
        this.inner = inner;
        this.policy = policy;
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
        this.encoded = encoded;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        inner.configure(configs, isKey);
    }

    @Override
    public byte[] serialize(String topic, V data) {
        return serialize(topic, null, data);
    }

    @Override
    public byte[] serialize(String topic, Headers headers, V data) {
        long start = nanoTime.getAsLong();
        RegistryBackoff backoff = new RegistryBackoff(policy, sleeper);
        while (true) {
            try {
                byte[] bytes = headers == null ? inner.serialize(topic, data) : inner.serialize(topic, headers, data);
                if (RetryingDeserializer.hasSchemaId(bytes)) {
                    encoded.accept(RetryingDeserializer.schemaId(bytes));
                }
                return bytes;
            } catch (RuntimeException e) {
                if (!DecodeFailures.isTransient(e)) {
                    throw e;
                }
                Duration elapsed = Duration.ofNanos(nanoTime.getAsLong() - start);
                if (elapsed.compareTo(policy.transientBudget()) >= 0) {
                    throw new RegistryUnavailableException("schema registry unavailable for " + elapsed.toSeconds()
                            + " s (" + backoff.attempt() + " attempts) while encoding a record for " + topic, e);
                }
                if (backoff.worthReporting()) {
                    log.warn("encoding a record for {} failed because the schema registry could not be asked ({}), "
                            + "retrying (attempt {})", topic, DecodeFailures.summary(e), backoff.attempt());
                }
                backoff.pause(e);
            }
        }
    }

    @Override
    public void close() {
        inner.close();
    }
}
