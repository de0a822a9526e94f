package io.causalstream.elo.topology;

import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.tournament.PairCount;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
 *
 * <p>Version 2 (written now) names every distinct string once, in a table at the front, and refers to it by
 * index; numbers are unsigned varints. A passage's counts repeat each player's id in up to n - 1 rows, so this
 * halves the bytes, and it reads from the array directly: version 1 ({@link DataInputStream#readUTF}, a stream
 * per value) cost 19% of a stream thread's time at full load. Version 1 values (state written before) are still
 * read.
 */
final class StoreValueSerde<T> implements Serde<T> {

    private static final byte V1 = 1;
    private static final byte V2 = 2;

    private interface Writer<T> {
        void write(Out out, T value);
    }

    private interface Reader<T> {
        T read(In in);
    }

    private interface V1Reader<T> {
        T read(DataInputStream in) throws IOException;
    }

    private final String what;
    private final Writer<T> writer;
    private final Reader<T> reader;
    private final V1Reader<T> v1Reader;

    private StoreValueSerde(String what, Writer<T> writer, Reader<T> reader, V1Reader<T> v1Reader) {
        this.what = what;
        this.writer = writer;
        this.reader = reader;
        this.v1Reader = v1Reader;
    }

    /** A passage's head-to-head counts. */
    static StoreValueSerde<List<PairCount>> pairCounts() {
        return new StoreValueSerde<>("pair counts", (out, rows) -> {
            for (PairCount c : rows) {
                out.name(c.a());
                out.name(c.b());
            }
            out.names();
            out.varint(rows.size());
            for (PairCount c : rows) {
                out.varint(out.index(c.a()));
                out.varint(out.index(c.b()));
                out.varint(c.aWins());
                out.varint(c.bWins());
                out.varint(c.ties());
            }
        }, in -> {
            String[] names = in.names();
            int n = in.count();
            List<PairCount> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                rows.add(new PairCount(in.name(names), in.name(names), in.varint(), in.varint(), in.varint()));
            }
            return rows;
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
            for (Map.Entry<String, List<String>> e : votes.results().entrySet()) {
                out.name(e.getKey());
                e.getValue().forEach(out::name);
            }
            out.names();
            out.varint(votes.results().size());
            for (Map.Entry<String, List<String>> e : votes.results().entrySet()) {
                out.varint(out.index(e.getKey()));
                out.varint(e.getValue().size());
                for (String r : e.getValue()) {
                    out.varint(out.index(r));
                }
            }
        }, in -> {
            String[] names = in.names();
            int raters = in.count();
            Map<String, List<String>> results = new TreeMap<>();
            for (int i = 0; i < raters; i++) {
                String rater = in.name(names);
                int n = in.count();
                List<String> list = new ArrayList<>(n);
                for (int k = 0; k < n; k++) {
                    list.add(in.name(names));
                }
                results.put(rater, list);
            }
            return new ItemVotes(results);
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
            Out out = new Out();
            out.writeByte(V2);
            writer.write(out, value);
            return out.toByteArray();
        };
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            if (bytes.length == 0) {
                throw new SerializationException("empty " + what + " value");
            }
            try {
                return switch (bytes[0]) {
                    case V2 -> {
                        In in = new In(bytes, 1);
                        T value = reader.read(in);
                        in.requireEnd();
                        yield value;
                    }
                    case V1 -> {
                        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 1,
                                bytes.length - 1))) {
                            yield v1Reader.read(in);
                        }
                    }
                    default -> throw new SerializationException("unknown " + what + " format version " + bytes[0]);
                };
            } catch (IOException | IndexOutOfBoundsException | IllegalArgumentException e) {
                throw new SerializationException("cannot read " + what, e);
            }
        };
    }

    /**
     * A growing byte array with a string table: add every string with {@link #name}, then {@link #names()}. The
     * table is searched linearly (identity first): a value names a handful of players or raters, where that beats
     * hashing (a HashMap made writing a passage's counts three times slower than reading them).
     */
    private static final class Out {
        private byte[] buf = new byte[256];
        private int size;
        private String[] table = new String[16];
        private int names;

        void name(String s) {
            if (find(s) < 0) {
                if (names == table.length) {
                    table = Arrays.copyOf(table, names * 2);
                }
                table[names++] = s;
            }
        }

        private int find(String s) {
            for (int i = 0; i < names; i++) {
                if (table[i] == s) {
                    return i;
                }
            }
            for (int i = 0; i < names; i++) {
                if (table[i].equals(s)) {
                    return i;
                }
            }
            return -1;
        }

        /** Writes the string table. */
        void names() {
            varint(names);
            for (int i = 0; i < names; i++) {
                byte[] b = table[i].getBytes(StandardCharsets.UTF_8);
                varint(b.length);
                ensure(b.length);
                System.arraycopy(b, 0, buf, size, b.length);
                size += b.length;
            }
        }

        int index(String s) {
            return find(s);
        }

        void writeByte(int b) {
            ensure(1);
            buf[size++] = (byte) b;
        }

        void varint(int v) {
            if (v < 0) {
                throw new SerializationException("negative count " + v);
            }
            ensure(5);
            while ((v & ~0x7f) != 0) {
                buf[size++] = (byte) ((v & 0x7f) | 0x80);
                v >>>= 7;
            }
            buf[size++] = (byte) v;
        }

        private void ensure(int more) {
            if (size + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
            }
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, size);
        }
    }

    /** Reads what {@link Out} wrote. */
    private static final class In {
        private final byte[] buf;
        private int pos;

        In(byte[] buf, int pos) {
            this.buf = buf;
            this.pos = pos;
        }

        String[] names() {
            String[] names = new String[count()];
            for (int i = 0; i < names.length; i++) {
                int len = count();
                if (len > buf.length - pos) {
                    throw new IllegalArgumentException("string of " + len + " bytes past the end");
                }
                names[i] = new String(buf, pos, len, StandardCharsets.UTF_8);
                pos += len;
            }
            return names;
        }

        String name(String[] names) {
            return names[varint()];
        }

        /** A length or count: at most the bytes left, so corrupt data cannot ask for a huge allocation. */
        int count() {
            int n = varint();
            if (n > buf.length - pos) {
                throw new IllegalArgumentException("count " + n + " exceeds the " + (buf.length - pos)
                        + " bytes left");
            }
            return n;
        }

        int varint() {
            int v = 0;
            for (int shift = 0; shift < 35; shift += 7) {
                byte b = buf[pos++];
                v |= (b & 0x7f) << shift;
                if (b >= 0) {
                    if (v < 0) {
                        throw new IllegalArgumentException("varint out of range");
                    }
                    return v;
                }
            }
            throw new IllegalArgumentException("varint longer than 5 bytes");
        }

        void requireEnd() {
            if (pos != buf.length) {
                throw new IllegalArgumentException((buf.length - pos) + " bytes left over");
            }
        }
    }
}
