package io.causalstream.testkit;

import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topic;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Plain Avro binary with the generated class's schema, no registry: for {@code TopologyTestDriver} unit tests,
 * which exercise topology logic, not the wire format (the integration tests cover that with the real registry).
 */
public final class RegistryFreeSerdes implements SerdeFactory {

    @Override
    public <V extends SpecificRecord> Serializer<V> valueSerializer(Topic<V> topic) {
        SpecificDatumWriter<V> writer = new SpecificDatumWriter<>(topic.valueClass());
        return (t, value) -> {
            if (value == null) {
                return null;
            }
            try {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
                writer.write(value, encoder);
                encoder.flush();
                return out.toByteArray();
            } catch (IOException e) {
                throw new SerializationException(e);
            }
        };
    }

    @Override
    public <V extends SpecificRecord> Deserializer<V> valueDeserializer(Topic<V> topic) {
        SpecificDatumReader<V> reader = new SpecificDatumReader<>(topic.valueClass());
        return (t, bytes) -> {
            if (bytes == null) {
                return null;
            }
            try {
                return reader.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
            } catch (IOException | RuntimeException e) {
                throw new SerializationException("not a valid " + topic.valueClass().getSimpleName() + " record", e);
            }
        };
    }
}
