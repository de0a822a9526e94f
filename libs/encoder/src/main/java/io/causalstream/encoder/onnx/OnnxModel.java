package io.causalstream.encoder.onnx;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.causalstream.encoder.onnx.proto.Onnx;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An ONNX model (a parsed {@code ModelProto}) seen as an encoder's weights: its fp32 initializers by Hugging Face
 * name, and a copy of the same graph with some of them replaced. Everything else in the file (nodes, opsets,
 * metadata, and the parts of the format the project's schema leaves out) passes through unchanged, so a model
 * written back differs from the one read only in the replaced weights.
 *
 * <p>Names: exporters keep the Hugging Face names of biases, LayerNorm parameters and embedding tables, but give the
 * weights of the linear layers generated names ({@code onnx::MatMul_787}); such a weight is named by the MatMul node
 * that reads it ({@code /encoder/layer.0/attention/self/query/MatMul} gives
 * {@code encoder.layer.0.attention.self.query.weight}). These are stored as the MatMul reads them, [in, out],
 * transposed from PyTorch's [out, in].
 *
 * <p>Immutable: {@link #withWeights} returns a new model.
 */
public final class OnnxModel {

    private static final String MATMUL_SUFFIX = "/MatMul";

    private final Onnx.ModelProto proto;
    /** Hugging Face name -> index of its initializer in the graph, for the fp32 initializers, in graph order. */
    private final Map<String, Integer> floatInitializers;

    private OnnxModel(Onnx.ModelProto proto) {
        this.proto = proto;
        this.floatInitializers = floatInitializers(proto.getGraph());
    }

    /** Reads an {@code .onnx} file. */
    public static OnnxModel read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new OnnxModel(Onnx.ModelProto.parseFrom(in));
        } catch (InvalidProtocolBufferException e) {
            throw new IOException("not an ONNX model: " + file + " (" + e.getMessage() + ")", e);
        }
    }

    /** A model already parsed (or built, as {@link OnnxQuantizer} builds one). */
    static OnnxModel of(Onnx.ModelProto proto) {
        return new OnnxModel(proto);
    }

    /** Parses a serialised ModelProto; IllegalArgumentException when the bytes are not one. */
    public static OnnxModel read(byte[] bytes) {
        try {
            return new OnnxModel(Onnx.ModelProto.parseFrom(bytes));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("not an ONNX model: " + e.getMessage(), e);
        }
    }

    /** The model as parsed: graph, opsets, metadata. */
    public Onnx.ModelProto proto() {
        return proto;
    }

    /**
     * Every fp32 initializer, keyed by its Hugging Face name (see the class comment), in the graph's order. The
     * values are decoded on each call: hold on to the map rather than calling this repeatedly.
     */
    public Map<String, FloatTensor> floatWeights() {
        Map<String, FloatTensor> out = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> e : floatInitializers.entrySet()) {
            Onnx.TensorProto t = proto.getGraph().getInitializer(e.getValue());
            long[] shape = t.getDimsList().stream().mapToLong(Long::longValue).toArray();
            out.put(e.getKey(), new FloatTensor(e.getKey(), shape, values(t)));
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * A new model, the same graph with the named fp32 initializers' values replaced (written as raw_data, little
     * endian, as exporters write them). Every name must be one {@link #floatWeights()} gives, and every array as
     * long as that tensor: otherwise IllegalArgumentException naming the tensor.
     */
    public OnnxModel withWeights(Map<String, float[]> replacements) {
        Onnx.GraphProto.Builder graph = proto.getGraph().toBuilder();
        for (Map.Entry<String, float[]> e : replacements.entrySet()) {
            Integer index = floatInitializers.get(e.getKey());
            if (index == null) {
                throw new IllegalArgumentException("the model has no fp32 weight named " + e.getKey());
            }
            Onnx.TensorProto t = graph.getInitializer(index);
            long size = t.getDimsList().stream().mapToLong(Long::longValue).reduce(1, (a, b) -> a * b);
            if (e.getValue().length != size) {
                throw new IllegalArgumentException("weight " + e.getKey() + " of shape " + t.getDimsList() + " holds "
                        + size + " values, got " + e.getValue().length);
            }
            ByteBuffer raw = ByteBuffer.allocate(e.getValue().length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            raw.asFloatBuffer().put(e.getValue());
            graph.setInitializer(index, t.toBuilder().clearFloatData().setRawData(ByteString.copyFrom(raw.array())));
        }
        return new OnnxModel(proto.toBuilder().setGraph(graph).build());
    }

    /** The serialised ModelProto. */
    public byte[] toBytes() {
        return proto.toByteArray();
    }

    /**
     * Writes the model to {@code file}: to a temporary file beside it first, then moved into place, so a reader
     * (another JVM, ONNX Runtime) sees the old file or the whole new one, never a part.
     */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path partial = Files.createTempFile(dir, file.getFileName().toString(), ".part");
        try {
            try (OutputStream out = Files.newOutputStream(partial)) {
                proto.writeTo(out);
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private static float[] values(Onnx.TensorProto t) {
        if (t.getDataLocation() == Onnx.TensorProto.DataLocation.EXTERNAL) {
            throw new IllegalArgumentException("initializer " + t.getName() + " keeps its data in an external file,"
                    + " which is not supported");
        }
        if (t.hasRawData()) {
            float[] v = new float[t.getRawData().size() / Float.BYTES];
            t.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
            return v;
        }
        float[] v = new float[t.getFloatDataCount()];
        for (int i = 0; i < v.length; i++) {
            v[i] = t.getFloatData(i);
        }
        return v;
    }

    private static Map<String, Integer> floatInitializers(Onnx.GraphProto graph) {
        Map<String, String> readByMatMul = new HashMap<>();
        for (Onnx.NodeProto node : graph.getNodeList()) {
            if ("MatMul".equals(node.getOpType()) && node.getDomain().isEmpty() && node.getInputCount() == 2
                    && node.getName().endsWith(MATMUL_SUFFIX)) {
                String layer = node.getName().substring(0, node.getName().length() - MATMUL_SUFFIX.length());
                String name = (layer.startsWith("/") ? layer.substring(1) : layer).replace('/', '.') + ".weight";
                readByMatMul.putIfAbsent(node.getInput(1), name);
            }
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        List<Onnx.TensorProto> initializers = graph.getInitializerList();
        for (int i = 0; i < initializers.size(); i++) {
            Onnx.TensorProto t = initializers.get(i);
            if (t.getDataType() != Onnx.TensorProto.DataType.FLOAT_VALUE) {
                continue;
            }
            String name = readByMatMul.getOrDefault(t.getName(), t.getName());
            if (out.putIfAbsent(name, i) != null) {
                throw new IllegalArgumentException("two fp32 initializers of the model are named " + name);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "OnnxModel[" + proto.getGraph().getName() + ", " + proto.getGraph().getNodeCount() + " nodes, "
                + floatInitializers.size() + " fp32 weights, opsets " + Arrays.toString(proto.getOpsetImportList()
                .stream().map(o -> o.getDomain() + ":" + o.getVersion()).toArray()) + "]";
    }
}
