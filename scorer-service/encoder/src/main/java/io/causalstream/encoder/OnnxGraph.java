package io.causalstream.encoder;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An ONNX graph written in code: nodes, weights (initializers), inputs and outputs, encoded in ONNX's protobuf wire
 * format without a protobuf library (the few encodings ONNX needs are written here). Used for the small models of
 * {@link OnnxMatMul} and for heads appended to an encoder's own graph ({@link #appendTo}), so that the encoder's
 * output is read by the head inside ONNX Runtime and never crosses into Java. Not thread-safe while being built.
 */
public final class OnnxGraph {

    /** TensorProto.DataType values used here. */
    public static final int FLOAT = 1;
    public static final int INT64 = 7;
    public static final int BOOL = 9;

    private final Proto graph = new Proto();
    private final List<String> outputs = new ArrayList<>();
    /** Operator domains other than the default one that nodes use (opset version 1 each). */
    private final java.util.Set<String> domains = new java.util.TreeSet<>();

    /** ONNX Runtime's own operators (FastGelu, ...), outside the ONNX standard. */
    public static final String MICROSOFT = "com.microsoft";

    /** An attribute of a node: an integer, a list of integers, or a float. */
    public record Attribute(String name, long[] ints, boolean list, Float real) {
    }

    /** An integer attribute (e.g. Softmax's axis, Cast's to). */
    public static Attribute attr(String name, long value) {
        return new Attribute(name, new long[] {value}, false, null);
    }

    /** A float attribute (e.g. LayerNormalization's epsilon). */
    public static Attribute real(String name, float value) {
        return new Attribute(name, new long[0], false, value);
    }

    /** A list-of-integers attribute (e.g. Transpose's perm, ReduceMean's axes in opsets below 18). */
    public static Attribute ints(String name, long... values) {
        return new Attribute(name, values, true, null);
    }

    /** {@code output = op(inputs)}. */
    public OnnxGraph node(String op, String output, String... inputs) {
        return node(op, List.of(output), List.of(inputs));
    }

    /** A node with attributes and any number of outputs. */
    public OnnxGraph node(String op, List<String> nodeOutputs, List<String> inputs, Attribute... attributes) {
        return node("", op, nodeOutputs, inputs, attributes);
    }

    /** A node of an operator of {@code domain} ("" for ONNX's own operators, {@link #MICROSOFT}). */
    public OnnxGraph node(String domain, String op, List<String> nodeOutputs, List<String> inputs,
                          Attribute... attributes) {
        Proto node = new Proto();
        for (String input : inputs) {
            node.string(1, input);
        }
        for (String output : nodeOutputs) {
            node.string(2, output);
        }
        node.string(3, nodeOutputs.getFirst()).string(4, op);
        for (Attribute a : attributes) {
            Proto attribute = new Proto().string(1, a.name());
            if (a.real() != null) {
                attribute.tag(2, 5);
                attribute.buffer.writeBytes(ByteBuffer.allocate(Float.BYTES).order(ByteOrder.LITTLE_ENDIAN)
                        .putFloat(a.real()).array());
                attribute.varint(20, 1);
            } else if (a.list()) {
                for (long v : a.ints()) {
                    attribute.varint(8, v);
                }
                attribute.varint(20, 7);
            } else {
                attribute.varint(3, a.ints()[0]).varint(20, 2);
            }
            node.message(5, attribute);
        }
        if (!domain.isEmpty()) {
            node.string(7, domain);
            domains.add(domain);
        }
        graph.message(1, node);
        return this;
    }

    /** A float matrix initializer (rows x columns). */
    public OnnxGraph weights(String name, float[][] m) {
        ByteBuffer raw = ByteBuffer.allocate(m.length * m[0].length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float[] row : m) {
            if (row.length != m[0].length) {
                throw new IllegalArgumentException("rows of " + name + " differ in length");
            }
            for (float v : row) {
                raw.putFloat(v);
            }
        }
        graph.message(5, new Proto().varint(1, m.length).varint(1, m[0].length).varint(2, FLOAT).string(8, name)
                .bytes(9, raw.array()));
        return this;
    }

    /** A float vector initializer (one dimension). */
    public OnnxGraph weights(String name, float[] v) {
        ByteBuffer raw = ByteBuffer.allocate(v.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : v) {
            raw.putFloat(x);
        }
        graph.message(5, new Proto().varint(1, v.length).varint(2, FLOAT).string(8, name).bytes(9, raw.array()));
        return this;
    }

    /** A float scalar initializer (no dimensions). */
    public OnnxGraph scalar(String name, float value) {
        byte[] raw = ByteBuffer.allocate(Float.BYTES).order(ByteOrder.LITTLE_ENDIAN).putFloat(value).array();
        graph.message(5, new Proto().varint(2, FLOAT).string(8, name).bytes(9, raw));
        return this;
    }

    /** An int64 vector initializer (shapes for Reshape, axes). */
    public OnnxGraph longs(String name, long... values) {
        ByteBuffer raw = ByteBuffer.allocate(values.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (long x : values) {
            raw.putLong(x);
        }
        graph.message(5, new Proto().varint(1, values.length).varint(2, INT64).string(8, name)
                .bytes(9, raw.array()));
        return this;
    }

    /** A graph input; each dimension a size (Integer) or a symbolic name (String). */
    public OnnxGraph input(String name, int elementType, Object... dims) {
        graph.message(11, valueInfo(name, elementType, dims));
        return this;
    }

    /** A graph output; each dimension a size (Integer) or a symbolic name (String). */
    public OnnxGraph output(String name, int elementType, Object... dims) {
        graph.message(12, valueInfo(name, elementType, dims));
        outputs.add(name);
        return this;
    }

    /** The names of the outputs declared so far. */
    public List<String> outputs() {
        return List.copyOf(outputs);
    }

    /** A ModelProto of this graph alone (IR version 7, the default opset domain at {@code opset}). */
    public byte[] model(String name, int opset) {
        Proto graphCopy = new Proto();
        graphCopy.buffer.writeBytes(graph.toBytes());
        graphCopy.string(2, name);
        Proto model = new Proto().varint(1, 7).string(2, "causal-stream").message(7, graphCopy)
                .message(8, new Proto().string(1, "").varint(2, opset));
        for (String domain : domains) {
            model.message(8, new Proto().string(1, domain).varint(2, 1));
        }
        return model.toBytes();
    }

    /**
     * {@code model} (a serialised ModelProto, e.g. the encoder's) with this graph's nodes, initializers and inputs
     * added to its graph, and its outputs replaced by this graph's: the model's own first output is available to
     * these nodes under the name {@code as} (an Identity node), and no longer leaves the model. Graph inputs this
     * graph declares that the model already has are not declared twice: declare only new ones.
     */
    public byte[] appendTo(byte[] model, String as) {
        Proto out = new Proto();
        boolean found = false;
        java.util.Set<String> missing = new java.util.TreeSet<>(domains);
        for (Field f : fields(model)) {
            if (f.number == 7 && f.wireType == 2) {
                out.message(7, appendToGraph(f.value, as));
                found = true;
            } else {
                if (f.number == 8 && f.wireType == 2) {
                    for (Field o : fields(f.value)) {
                        if (o.number == 1 && o.wireType == 2) {
                            missing.remove(new String(o.value, StandardCharsets.UTF_8));
                        }
                    }
                }
                out.field(f);
            }
        }
        if (!found) {
            throw new IllegalArgumentException("not an ONNX model: no graph");
        }
        for (String domain : missing) {
            out.message(8, new Proto().string(1, domain).varint(2, 1));
        }
        return out.toBytes();
    }

    private Proto appendToGraph(byte[] encoderGraph, String as) {
        Proto out = new Proto();
        String first = null;
        for (Field f : fields(encoderGraph)) {
            if (f.number == 12 && f.wireType == 2) {
                if (first == null) {
                    for (Field v : fields(f.value)) {
                        if (v.number == 1 && v.wireType == 2) {
                            first = new String(v.value, StandardCharsets.UTF_8);
                        }
                    }
                }
                continue;
            }
            out.field(f);
        }
        if (first == null) {
            throw new IllegalArgumentException("the model's graph declares no output");
        }
        Proto identity = new Proto().string(1, first).string(2, as).string(3, as + "_identity").string(4, "Identity");
        out.message(1, identity);
        out.buffer.writeBytes(graph.toBytes());
        return out;
    }

    private static Proto valueInfo(String name, int elementType, Object... dims) {
        Proto shape = new Proto();
        for (Object d : dims) {
            shape.message(1, d instanceof Integer size ? new Proto().varint(1, size)
                    : new Proto().string(2, d.toString()));
        }
        Proto tensorType = new Proto().varint(1, elementType).message(2, shape);
        return new Proto().string(1, name).message(2, new Proto().message(1, tensorType));
    }

    /** One field of a protobuf message as read from its wire format. */
    private record Field(int number, int wireType, long varint, byte[] value) {
    }

    private static List<Field> fields(byte[] message) {
        List<Field> out = new ArrayList<>();
        int[] at = {0};
        while (at[0] < message.length) {
            long tag = readVarint(message, at);
            int number = (int) (tag >>> 3);
            int wireType = (int) (tag & 7);
            switch (wireType) {
                case 0 -> out.add(new Field(number, 0, readVarint(message, at), null));
                case 1, 5 -> {
                    int n = wireType == 1 ? 8 : 4;
                    out.add(new Field(number, wireType, 0, java.util.Arrays.copyOfRange(message, at[0], at[0] + n)));
                    at[0] += n;
                }
                case 2 -> {
                    int n = (int) readVarint(message, at);
                    out.add(new Field(number, 2, 0, java.util.Arrays.copyOfRange(message, at[0], at[0] + n)));
                    at[0] += n;
                }
                default -> throw new IllegalArgumentException("unsupported protobuf wire type " + wireType);
            }
        }
        return out;
    }

    private static long readVarint(byte[] b, int[] at) {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            if (at[0] >= b.length) {
                throw new IllegalArgumentException("truncated protobuf message");
            }
            int c = b[at[0]++] & 0xFF;
            value |= (long) (c & 0x7F) << shift;
            if (c < 0x80) {
                return value;
            }
        }
    }

    /** The few protobuf encodings ONNX needs: varints, strings, bytes and nested messages. */
    static final class Proto {
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

        Proto varint(int field, long value) {
            tag(field, 0);
            raw(value);
            return this;
        }

        Proto string(int field, String value) {
            return bytes(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Proto bytes(int field, byte[] value) {
            tag(field, 2);
            raw(value.length);
            buffer.writeBytes(value);
            return this;
        }

        Proto message(int field, Proto value) {
            return bytes(field, value.toBytes());
        }

        private Proto field(Field f) {
            switch (f.wireType) {
                case 0 -> varint(f.number, f.varint);
                case 2 -> bytes(f.number, f.value);
                default -> {
                    tag(f.number, f.wireType);
                    buffer.writeBytes(f.value);
                }
            }
            return this;
        }

        byte[] toBytes() {
            return buffer.toByteArray();
        }

        private void tag(int field, int wireType) {
            raw(((long) field << 3) | wireType);
        }

        private void raw(long value) {
            while ((value & ~0x7FL) != 0) {
                buffer.write((int) ((value & 0x7F) | 0x80));
                value >>>= 7;
            }
            buffer.write((int) value);
        }
    }
}
