package io.causalstream.encoder.tune;

import io.causalstream.encoder.onnx.FloatTensor;
import io.causalstream.encoder.onnx.OnnxModel;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What fine-tuning changed in an encoder: for each weight that moved, tuned minus base, in IEEE half precision. A
 * tuned model is the base model plus its delta, so only the delta needs to be kept (in a git repository, beside the
 * head trained on it): the top two of MiniLM's six layers hold 3.5 million values, 7 MB in half precision, against
 * 90 MB for the whole fp32 model. Half precision keeps each difference within 2^-11 of itself (subnormal below
 * 6e-5, down to 6e-8), so base + delta gives the tuned weights within a small fraction of what training moved them.
 *
 * <p>Written as the ASCII magic {@value #MAGIC}, a format version, the tensor count, then per tensor (sorted by
 * name) its name, rank, dimensions and fp16 values, big endian: the same content gives the same bytes.
 *
 * <p>Immutable.
 */
public final class EncoderDelta {

    static final String MAGIC = "CSENCDELTA";
    static final int VERSION = 1;
    /** The most values one tensor may hold (its fp16 bytes fit an array). */
    private static final int MAX_VALUES = Integer.MAX_VALUE / Short.BYTES;

    /** One tensor's difference: its shape and the fp16 bits of tuned - base. */
    private record Difference(long[] shape, short[] halves) {
    }

    private final SortedMap<String, Difference> tensors;
    /** {@link #id()}, computed on first use: hashing the bytes of a whole encoder's delta is not free. */
    private volatile String id;

    private EncoderDelta(SortedMap<String, Difference> tensors) {
        this.tensors = tensors;
    }

    /**
     * The first 12 hex digits of the SHA-256 of the delta's bytes ({@link #write}): names the delta, e.g. the
     * directory {@link TunedEncoders} writes the merged model into. The same content has the same id.
     */
    public String id() {
        String known = id;
        if (known == null) {
            try {
                java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
                write(new java.security.DigestOutputStream(OutputStream.nullOutputStream(), sha));
                known = java.util.HexFormat.of().formatHex(sha.digest()).substring(0, 12);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            id = known;
        }
        return known;
    }

    /**
     * The difference between {@code tuned} and {@code base}, keeping the tensors whose difference is not zero in
     * half precision. Every tuned tensor must be one of base's, as long as it: otherwise IllegalArgumentException
     * naming it. Tensors base has and tuned lacks are unchanged.
     */
    public static EncoderDelta between(Map<String, FloatTensor> base, Map<String, float[]> tuned) {
        SortedMap<String, Difference> out = new TreeMap<>();
        for (Map.Entry<String, float[]> e : tuned.entrySet()) {
            FloatTensor b = base.get(e.getKey());
            if (b == null) {
                throw new IllegalArgumentException("tuned tensor " + e.getKey() + " is not in the base model");
            }
            float[] t = e.getValue();
            if (t.length != b.size()) {
                throw new IllegalArgumentException("tuned tensor " + e.getKey() + " holds " + t.length
                        + " values, the base's of shape " + Arrays.toString(b.shape()) + " " + b.size());
            }
            short[] halves = new short[t.length];
            boolean changed = false;
            for (int i = 0; i < t.length; i++) {
                halves[i] = Float.floatToFloat16(t[i] - b.values()[i]);
                changed |= (halves[i] & 0x7FFF) != 0;
            }
            if (changed) {
                out.put(e.getKey(), new Difference(b.shape(), halves));
            }
        }
        return new EncoderDelta(out);
    }

    /** The names of the tensors this delta changes, sorted. */
    public Set<String> names() {
        return Collections.unmodifiableSet(tensors.keySet());
    }

    /** The number of values this delta holds (the size of the tensors it changes). */
    public long parameterCount() {
        return tensors.values().stream().mapToLong(d -> d.halves().length).sum();
    }

    /**
     * The tuned weights: every tensor of {@code base}, in its order, those this delta names with the difference
     * added. IllegalArgumentException naming a tensor the delta has and base lacks, or has in another shape.
     */
    public Map<String, float[]> applyTo(Map<String, FloatTensor> base) {
        Map<String, float[]> changed = changed(base);
        Map<String, float[]> out = new LinkedHashMap<>();
        base.forEach((name, t) -> out.put(name, changed.getOrDefault(name, t.values())));
        return out;
    }

    /** The tuned model: {@code base} with the tensors this delta names replaced by base + difference. */
    public OnnxModel applyTo(OnnxModel base) {
        return base.withWeights(changed(base.floatWeights()));
    }

    private Map<String, float[]> changed(Map<String, FloatTensor> base) {
        Map<String, float[]> out = new LinkedHashMap<>();
        tensors.forEach((name, d) -> {
            FloatTensor b = base.get(name);
            if (b == null) {
                throw new IllegalArgumentException("the delta changes " + name + ", which the base model lacks");
            }
            if (!Arrays.equals(b.shape(), d.shape())) {
                throw new IllegalArgumentException("the delta's " + name + " has shape " + Arrays.toString(d.shape())
                        + ", the base model's " + Arrays.toString(b.shape()));
            }
            float[] tuned = new float[d.halves().length];
            for (int i = 0; i < tuned.length; i++) {
                tuned[i] = b.values()[i] + Float.float16ToFloat(d.halves()[i]);
            }
            out.put(name, tuned);
        });
        return out;
    }

    /** Writes the delta in the format of the class comment; the stream is left open. */
    public void write(OutputStream out) throws IOException {
        DataOutputStream data = new DataOutputStream(out);
        data.write(MAGIC.getBytes(StandardCharsets.US_ASCII));
        data.writeInt(VERSION);
        data.writeInt(tensors.size());
        for (Map.Entry<String, Difference> e : tensors.entrySet()) {
            data.writeUTF(e.getKey());
            data.writeByte(e.getValue().shape().length);
            for (long d : e.getValue().shape()) {
                data.writeLong(d);
            }
            byte[] values = new byte[e.getValue().halves().length * Short.BYTES];
            ByteBuffer.wrap(values).asShortBuffer().put(e.getValue().halves());
            data.write(values);
        }
        data.flush();
    }

    /** Reads a delta {@link #write} wrote; IOException when the stream holds something else or ends early. */
    public static EncoderDelta read(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        byte[] magic = new byte[MAGIC.length()];
        try {
            data.readFully(magic);
            if (!MAGIC.equals(new String(magic, StandardCharsets.US_ASCII))) {
                throw new IOException("not an encoder delta: it does not start with " + MAGIC);
            }
            int version = data.readInt();
            if (version != VERSION) {
                throw new IOException("encoder delta format version " + version + " is not supported (only "
                        + VERSION + ")");
            }
            int count = data.readInt();
            if (count < 0) {
                throw new IOException("encoder delta of " + count + " tensors");
            }
            SortedMap<String, Difference> tensors = new TreeMap<>();
            for (int k = 0; k < count; k++) {
                String name = data.readUTF();
                long[] shape = new long[data.readUnsignedByte()];
                long size = 1;
                for (int i = 0; i < shape.length; i++) {
                    shape[i] = data.readLong();
                    if (shape[i] < 0) {
                        throw new IOException("encoder delta tensor " + name + " has a negative dimension");
                    }
                    // capped, so the product cannot overflow before it is found too large
                    size = Math.min(size * Math.min(shape[i], MAX_VALUES + 1L), MAX_VALUES + 1L);
                }
                if (size > MAX_VALUES) {
                    throw new IOException("encoder delta tensor " + name + " is too large: "
                            + Arrays.toString(shape));
                }
                byte[] values = new byte[(int) size * Short.BYTES];
                data.readFully(values);
                short[] halves = new short[(int) size];
                ByteBuffer.wrap(values).asShortBuffer().get(halves);
                if (tensors.put(name, new Difference(shape, halves)) != null) {
                    throw new IOException("encoder delta names tensor " + name + " twice");
                }
            }
            return new EncoderDelta(tensors);
        } catch (EOFException e) {
            throw new IOException("encoder delta ends early", e);
        }
    }

    @Override
    public String toString() {
        return "EncoderDelta[" + tensors.size() + " tensors, " + parameterCount() + " values]";
    }
}
