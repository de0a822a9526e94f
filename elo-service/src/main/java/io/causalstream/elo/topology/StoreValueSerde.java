package io.causalstream.elo.topology;

import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.tournament.PairCount;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Compact binary values of the service's internal stores (head-to-head counts, rater votes): values no other
 * service reads, rewritten on every judgment, so they stay out of the Avro contract and cost a few microseconds
 * (JSON cost 15% of a stream thread's time in the benchmark). Each value starts with a format version byte, so a
 * later layout can still read what an older one wrote.
 */
final class StoreValueSerde<T> implements Serde<T> {

    private static final byte VERSION = 1;

    private interface Writer<T> {
        void write(DataOutputStream out, T value) throws IOException;
    }

    private interface Reader<T> {
        T read(DataInputStream in) throws IOException;
    }

    private final String what;
    private final Writer<T> writer;
    private final Reader<T> reader;

    private StoreValueSerde(String what, Writer<T> writer, Reader<T> reader) {
        this.what = what;
        this.writer = writer;
        this.reader = reader;
    }

    /** A passage's head-to-head counts. */
    static StoreValueSerde<List<PairCount>> pairCounts() {
        return new StoreValueSerde<>("pair counts", (out, rows) -> {
            out.writeInt(rows.size());
            for (PairCount c : rows) {
                out.writeUTF(c.a());
                out.writeUTF(c.b());
                out.writeInt(c.aWins());
                out.writeInt(c.bWins());
                out.writeInt(c.ties());
            }
        }, in -> {
            int n = in.readInt();
            List<PairCount> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                rows.add(new PairCount(in.readUTF(), in.readUTF(), in.readInt(), in.readInt(), in.readInt()));
            }
            return rows;
        });
    }

    /** Every rater's results on one item. */
    static StoreValueSerde<ItemVotes> itemVotes() {
        return new StoreValueSerde<>("item votes", (out, votes) -> {
            out.writeInt(votes.results().size());
            for (Map.Entry<String, List<String>> e : votes.results().entrySet()) {
                out.writeUTF(e.getKey());
                out.writeInt(e.getValue().size());
                for (String r : e.getValue()) {
                    out.writeUTF(r);
                }
            }
        }, in -> {
            int raters = in.readInt();
            Map<String, List<String>> results = new TreeMap<>();
            for (int i = 0; i < raters; i++) {
                String rater = in.readUTF();
                int n = in.readInt();
                List<String> list = new ArrayList<>(n);
                for (int k = 0; k < n; k++) {
                    list.add(in.readUTF());
                }
                results.put(rater, list);
            }
            return new ItemVotes(results);
        });
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, value) -> {
            if (value == null) {
                return null;
            }
            try {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
                DataOutputStream out = new DataOutputStream(bytes);
                out.writeByte(VERSION);
                writer.write(out, value);
                out.flush();
                return bytes.toByteArray();
            } catch (IOException e) {
                throw new SerializationException("cannot write " + what, e);
            }
        };
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
                byte version = in.readByte();
                if (version != VERSION) {
                    throw new SerializationException("unknown " + what + " format version " + version);
                }
                return reader.read(in);
            } catch (IOException e) {
                throw new SerializationException("cannot read " + what, e);
            }
        };
    }
}
