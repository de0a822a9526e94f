package io.causalstream.serde;

import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Rejects a value that decodes as valid Avro but under another schema than the topic's (e.g. a Judgment
 * published to passages): without this check it would surface later as a ClassCastException deep in a topology.
 */
final class TypeCheckingDeserializer<V> implements Deserializer<V> {

    private final Deserializer<V> inner;
    private final Class<V> expected;

    TypeCheckingDeserializer(Deserializer<V> inner, Class<V> expected) {
        this.inner = inner;
        this.expected = expected;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        inner.configure(configs, isKey);
    }

    @Override
    public V deserialize(String topic, byte[] data) {
        requireWireFormat(topic, data);
        return check(topic, inner.deserialize(topic, data));
    }

    @Override
    public V deserialize(String topic, Headers headers, byte[] data) {
        requireWireFormat(topic, data);
        return check(topic, inner.deserialize(topic, headers, data));
    }

    /** The registry client's own error for foreign bytes is obscure ("artifact reference cannot be null"). */
    private void requireWireFormat(String topic, byte[] data) {
        if (data != null && (data.length < 5 || data[0] != 0)) {
            throw new SerializationException("record on " + topic + " is not " + withArticle(expected.getSimpleName())
                    + " in the Confluent Avro wire format: expected magic byte 0 and a 4-byte schema id, got "
                    + data.length + " bytes starting with 0x" + String.format("%02x", data.length == 0 ? 0 : data[0]));
        }
    }

    private V check(String topic, Object value) {
        if (value != null && !expected.isInstance(value)) {
            throw new SerializationException("record on " + topic + " is " + withArticle(value.getClass().getSimpleName())
                    + ", expected " + expected.getSimpleName());
        }
        return expected.cast(value);
    }

    /** "an Extraction", "a Passage". */
    static String withArticle(String noun) {
        return (!noun.isEmpty() && "AEIOUaeiou".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
    }

    @Override
    public void close() {
        inner.close();
    }
}
