package io.causalstream.serde;

import io.apicurio.registry.serde.avro.AvroDatumProvider;
import io.apicurio.registry.serde.avro.AvroSerdeConfig;
import io.apicurio.registry.serde.avro.DefaultAvroDatumProvider;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * Apicurio's datum provider with a cache in front that is keyed by the schema <em>object</em>. Apicurio (3.1.x)
 * caches datum readers and writers too, but keyed by the schema's parsing fingerprint, which it recomputes for
 * every record: normalising the schema to text and hashing it cost 17% of a stream thread's time in the Elo
 * benchmark, more than decoding the record itself. The serializer and deserializer hand in the same few schema
 * objects again and again (the registry client caches them per id, generated classes have one each), so an
 * identity lookup finds them without looking inside. Apicurio has no setting for this; it only lets one name the
 * provider class ({@link AvroSerdeConfig#AVRO_DATUM_PROVIDER}), which {@link AvroSerdes} does.
 *
 * <p>Thread-safe: readers and writers of Avro are (Apicurio shares them too). The cache is copy-on-write and
 * small; a schema seen when it is full is served by the fingerprint cache behind it, so a caller that builds a new
 * schema object per record costs what it did before, never unbounded memory. Public only because Apicurio
 * instantiates the provider reflectively.
 */
public final class CachingAvroDatumProvider<T> implements AvroDatumProvider<T> {

    /** Far more schemas than one serializer or deserializer meets (one topic's few versions). */
    static final int MAX_ENTRIES = 64;

    private final DefaultAvroDatumProvider<T> delegate = new DefaultAvroDatumProvider<>();
    private volatile Map<Schema, DatumReader<T>> readers = new IdentityHashMap<>();
    private volatile Map<Schema, DatumWriter<T>> specificWriters = new IdentityHashMap<>();
    private volatile Map<Schema, DatumWriter<T>> genericWriters = new IdentityHashMap<>();

    @Override
    public void configure(AvroSerdeConfig config) {
        delegate.configure(config);
    }

    @Override
    public DatumWriter<T> createDatumWriter(T data, Schema schema) {
        boolean specific = data instanceof SpecificRecord;
        DatumWriter<T> writer = (specific ? specificWriters : genericWriters).get(schema);
        if (writer != null) {
            return writer;
        }
        writer = delegate.createDatumWriter(data, schema);
        synchronized (this) {
            if (specific) {
                specificWriters = with(specificWriters, schema, writer);
            } else {
                genericWriters = with(genericWriters, schema, writer);
            }
        }
        return writer;
    }

    @Override
    public DatumReader<T> createDatumReader(Schema schema) {
        DatumReader<T> reader = readers.get(schema);
        if (reader != null) {
            return reader;
        }
        reader = delegate.createDatumReader(schema);
        synchronized (this) {
            readers = with(readers, schema, reader);
        }
        return reader;
    }

    @Override
    public Schema toSchema(T data) {
        return delegate.toSchema(data);
    }

    /** A copy of {@code cache} with one more entry, or {@code cache} itself when it is full. */
    private static <V> Map<Schema, V> with(Map<Schema, V> cache, Schema schema, V value) {
        if (cache.size() >= MAX_ENTRIES || cache.containsKey(schema)) {
            return cache;
        }
        Map<Schema, V> next = new IdentityHashMap<>(cache);
        next.put(schema, value);
        return next;
    }
}
