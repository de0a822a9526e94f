package io.causalstream.serde;

import io.causalstream.topics.Topic;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/**
 * Serdes for the contract's topics. Production code uses {@link AvroSerdes} (registry, Confluent wire format);
 * topology unit tests may use the registry-free implementation in the test-jar.
 */
public interface SerdeFactory {

    <V extends SpecificRecord> Serializer<V> valueSerializer(Topic<V> topic);

    <V extends SpecificRecord> Deserializer<V> valueDeserializer(Topic<V> topic);

    default <V extends SpecificRecord> Serde<V> value(Topic<V> topic) {
        return Serdes.serdeFrom(valueSerializer(topic), valueDeserializer(topic));
    }

    /** Keys are plain UTF-8 strings: the passage id (or ALL). */
    static Serde<String> key() {
        return Serdes.String();
    }

    default <V extends SpecificRecord> Consumed<String, V> consumed(Topic<V> topic) {
        return Consumed.with(key(), value(topic));
    }

    default <V extends SpecificRecord> Produced<String, V> produced(Topic<V> topic) {
        return Produced.with(key(), value(topic));
    }
}
