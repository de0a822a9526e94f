package io.causalstream.encoder;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.causalstream.encoder.onnx.proto.Onnx;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * An ONNX graph written in code: nodes, weights (initializers), inputs and outputs, built with the protobuf classes
 * generated from the project's {@code onnx.proto}. Used for the small models of {@link OnnxMatMul} and for heads
 * appended to an encoder's own graph ({@link #appendTo}), so that the encoder's output is read by the head inside
 * ONNX Runtime and never crosses into Java. Not thread-safe while being built.
 */
public final class OnnxGraph {

    /** TensorProto.DataType values used here. */
    public static final int FLOAT = Onnx.TensorProto.DataType.FLOAT_VALUE;
    public static final int INT64 = Onnx.TensorProto.DataType.INT64_VALUE;
    public static final int BOOL = Onnx.TensorProto.DataType.BOOL_VALUE;

    /** ONNX Runtime's own operators (FastGelu, ...), outside the ONNX standard. */
    public static final String MICROSOFT = "com.microsoft";

    /** The IR version of the models written here (ONNX 1.7's, which every ONNX Runtime in use reads). */
    private static final long IR_VERSION = 7;

    private final Onnx.GraphProto.Builder graph = Onnx.GraphProto.newBuilder();
    /** Operator domains other than the default one that nodes use (opset version 1 each). */
    private final Set<String> domains = new TreeSet<>();

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
        Onnx.NodeProto.Builder node = Onnx.NodeProto.newBuilder().addAllInput(inputs).addAllOutput(nodeOutputs)
                .setName(nodeOutputs.getFirst()).setOpType(op);
        for (Attribute a : attributes) {
            Onnx.AttributeProto.Builder attribute = Onnx.AttributeProto.newBuilder().setName(a.name());
            if (a.real() != null) {
                attribute.setF(a.real()).setType(Onnx.AttributeProto.AttributeType.FLOAT);
            } else if (a.list()) {
                for (long v : a.ints()) {
                    attribute.addInts(v);
                }
                attribute.setType(Onnx.AttributeProto.AttributeType.INTS);
            } else {
                attribute.setI(a.ints()[0]).setType(Onnx.AttributeProto.AttributeType.INT);
            }
            node.addAttribute(attribute);
        }
        if (!domain.isEmpty()) {
            node.setDomain(domain);
            domains.add(domain);
        }
        graph.addNode(node);
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
        return initializer(name, FLOAT, raw.array(), m.length, m[0].length);
    }

    /** A float vector initializer (one dimension). */
    public OnnxGraph weights(String name, float[] v) {
        ByteBuffer raw = ByteBuffer.allocate(v.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : v) {
            raw.putFloat(x);
        }
        return initializer(name, FLOAT, raw.array(), v.length);
    }

    /** A float scalar initializer (no dimensions). */
    public OnnxGraph scalar(String name, float value) {
        return initializer(name, FLOAT, ByteBuffer.allocate(Float.BYTES).order(ByteOrder.LITTLE_ENDIAN)
                .putFloat(value).array());
    }

    /** An int64 vector initializer (shapes for Reshape, axes). */
    public OnnxGraph longs(String name, long... values) {
        ByteBuffer raw = ByteBuffer.allocate(values.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (long x : values) {
            raw.putLong(x);
        }
        return initializer(name, INT64, raw.array(), values.length);
    }

    /** A graph input; each dimension a size (Integer) or a symbolic name (String). */
    public OnnxGraph input(String name, int elementType, Object... dims) {
        graph.addInput(valueInfo(name, elementType, dims));
        return this;
    }

    /** A graph output; each dimension a size (Integer) or a symbolic name (String). */
    public OnnxGraph output(String name, int elementType, Object... dims) {
        graph.addOutput(valueInfo(name, elementType, dims));
        return this;
    }

    /** The names of the outputs declared so far. */
    public List<String> outputs() {
        List<String> out = new ArrayList<>();
        graph.getOutputList().forEach(o -> out.add(o.getName()));
        return List.copyOf(out);
    }

    /** A ModelProto of this graph alone (IR version 7, the default opset domain at {@code opset}). */
    public byte[] model(String name, int opset) {
        Onnx.ModelProto.Builder model = Onnx.ModelProto.newBuilder().setIrVersion(IR_VERSION)
                .setProducerName("causal-stream").setGraph(graph.clone().setName(name))
                .addOpsetImport(Onnx.OperatorSetIdProto.newBuilder().setDomain("").setVersion(opset));
        for (String domain : domains) {
            model.addOpsetImport(Onnx.OperatorSetIdProto.newBuilder().setDomain(domain).setVersion(1));
        }
        return model.build().toByteArray();
    }

    /**
     * {@code model} (a serialised ModelProto, e.g. the encoder's) with this graph's nodes, initializers and inputs
     * added to its graph, and its outputs replaced by this graph's: the model's own first output is available to
     * these nodes under the name {@code as} (an Identity node), and no longer leaves the model. Graph inputs this
     * graph declares that the model already has are not declared twice: declare only new ones. Everything else in
     * the model, the parts the project's schema leaves out included, is kept.
     */
    public byte[] appendTo(byte[] model, String as) {
        Onnx.ModelProto.Builder out = parse(model).toBuilder();
        if (!out.hasGraph()) {
            throw new IllegalArgumentException("not an ONNX model: no graph");
        }
        Onnx.GraphProto.Builder encoder = out.getGraphBuilder();
        if (encoder.getOutputCount() == 0) {
            throw new IllegalArgumentException("the model's graph declares no output");
        }
        String first = encoder.getOutput(0).getName();
        encoder.clearOutput()
                .addNode(Onnx.NodeProto.newBuilder().addInput(first).addOutput(as).setName(as + "_identity")
                        .setOpType("Identity"))
                .mergeFrom(graph.build());
        Set<String> missing = new TreeSet<>(domains);
        out.getOpsetImportList().forEach(o -> missing.remove(o.getDomain()));
        for (String domain : missing) {
            out.addOpsetImport(Onnx.OperatorSetIdProto.newBuilder().setDomain(domain).setVersion(1));
        }
        return out.build().toByteArray();
    }

    private OnnxGraph initializer(String name, int dataType, byte[] raw, long... dims) {
        Onnx.TensorProto.Builder tensor = Onnx.TensorProto.newBuilder().setDataType(dataType).setName(name)
                .setRawData(ByteString.copyFrom(raw));
        for (long d : dims) {
            tensor.addDims(d);
        }
        graph.addInitializer(tensor);
        return this;
    }

    private static Onnx.ValueInfoProto valueInfo(String name, int elementType, Object... dims) {
        Onnx.TensorShapeProto.Builder shape = Onnx.TensorShapeProto.newBuilder();
        for (Object d : dims) {
            shape.addDim(d instanceof Integer size ? Onnx.TensorShapeProto.Dimension.newBuilder().setDimValue(size)
                    : Onnx.TensorShapeProto.Dimension.newBuilder().setDimParam(d.toString()));
        }
        return Onnx.ValueInfoProto.newBuilder().setName(name).setType(Onnx.TypeProto.newBuilder()
                .setTensorType(Onnx.TypeProto.Tensor.newBuilder().setElemType(elementType).setShape(shape)))
                .build();
    }

    private static Onnx.ModelProto parse(byte[] model) {
        try {
            return Onnx.ModelProto.parseFrom(model);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("not an ONNX model: " + e.getMessage(), e);
        }
    }
}
