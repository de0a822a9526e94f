package io.causalstream.elo.topology;

import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A serializer that remembers, per thread, the last record object it encoded and its bytes: the tournament updater
 * stores a new table and then publishes the very same object to {@code ratings}, and encoding a tournament (Avro,
 * ten players with nullable fields) was 7% of a stream thread's time each time. Both uses share one instance, so
 * the second is a lookup.
 *
 * <p>Only for values that are not changed after they were first serialized (the updater builds a new record per
 * change). The bytes do not depend on the topic: values carry their schema id in the payload, and the registry
 * gives the same content the same id whatever the topic. Both encodings of a record happen on the stream thread
 * that owns its task, one right after the other, so a one-entry memo per thread finds it.
 */
final class LastValueSerializer<T> implements Serializer<T> {

    private final Serializer<T> inner;
    private final ThreadLocal<Memo> last = ThreadLocal.withInitial(Memo::new);

    private static final class Memo {
        Object value;
        byte[] bytes;
    }

    LastValueSerializer(Serializer<T> inner) {
        this.inner = inner;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        inner.configure(configs, isKey);
    }

    @Override
    public byte[] serialize(String topic, T value) {
        return serialize(topic, null, value);
    }

    @Override
    public byte[] serialize(String topic, Headers headers, T value) {
        if (value == null) {
            return null;
        }
        Memo memo = last.get();
        if (memo.value == value) {
            return memo.bytes;
        }
        byte[] bytes = headers == null ? inner.serialize(topic, value) : inner.serialize(topic, headers, value);
        memo.value = value;
        memo.bytes = bytes;
        return bytes;
    }

    @Override
    public void close() {
        inner.close();
    }
}
