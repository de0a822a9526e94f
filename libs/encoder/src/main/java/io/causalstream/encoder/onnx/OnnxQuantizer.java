package io.causalstream.encoder.onnx;

import com.google.protobuf.ByteString;
import io.causalstream.encoder.onnx.proto.Onnx;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Dynamic int8 quantization of an fp32 ONNX encoder, as ONNX Runtime's {@code quantize_dynamic} does it (a Python
 * tool, so written here over the generated ONNX classes): every MatMul whose second input is a 2-D fp32 initializer
 * becomes ONNX Runtime's {@code com.microsoft:DynamicQuantizeMatMul} with the weight stored as int8, symmetric, one
 * scale per output column, in 7 bits ({@link #WEIGHT_LEVELS}, {@code quantize_dynamic}'s {@code reduce_range}); the
 * activations are quantized per call by the operator (uint8). Seven bits because on x86 CPUs without VNNI the kernel
 * multiplies uint8 by int8 with {@code VPMADDUBSW}, which adds two products into a saturating 16-bit sum: with
 * weights up to 127 that sum overflows and the states depend on the CPU (the extractor's figures moved by up to 0.04
 * between two machines); with weights up to 63 it cannot (2 x 255 x 63 < 32767), so every CPU computes the same
 * integers. The rest of the graph is
 * unchanged. The MatMul weights take a quarter of the space and the products run on integer kernels, about twice
 * as fast on CPU; a sequence's states then depend a little on the other sequences of its call (one activation scale
 * per call), as with the bundled int8 exports.
 */
public final class OnnxQuantizer {

    static final String MICROSOFT = "com.microsoft";

    /** The largest weight magnitude stored: 7 bits, so that no CPU's integer kernel saturates. */
    public static final int WEIGHT_LEVELS = 63;

    /** Names this quantization in a cache, so that a model quantized otherwise is never read back as this one. */
    public static final String SCHEME = "w7";

    public static OnnxModel dynamicInt8(OnnxModel model) {
        Onnx.GraphProto graph = model.proto().getGraph();
        Map<String, Onnx.TensorProto> initializers = new HashMap<>();
        for (Onnx.TensorProto t : graph.getInitializerList()) {
            initializers.put(t.getName(), t);
        }
        Onnx.GraphProto.Builder out = graph.toBuilder().clearNode();
        Set<String> quantized = new HashSet<>();
        Map<String, Integer> readers = new HashMap<>();
        for (Onnx.NodeProto node : graph.getNodeList()) {
            for (String input : node.getInputList()) {
                readers.merge(input, 1, Integer::sum);
            }
        }
        for (Onnx.NodeProto node : graph.getNodeList()) {
            Onnx.TensorProto w = node.getInputCount() == 2 ? initializers.get(node.getInput(1)) : null;
            boolean eligible = "MatMul".equals(node.getOpType()) && node.getDomain().isEmpty() && w != null
                    && w.getDataType() == Onnx.TensorProto.DataType.FLOAT_VALUE && w.getDimsCount() == 2
                    && readers.getOrDefault(w.getName(), 0) == 1;
            if (!eligible) {
                out.addNode(node);
                continue;
            }
            String q = w.getName() + "_int8";
            String scale = w.getName() + "_scale";
            if (quantized.add(w.getName())) {
                int rows = Math.toIntExact(w.getDims(0));
                int cols = Math.toIntExact(w.getDims(1));
                float[] values = new float[rows * cols];
                w.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
                float[] scales = new float[cols];
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < cols; c++) {
                        scales[c] = Math.max(scales[c], Math.abs(values[r * cols + c]));
                    }
                }
                for (int c = 0; c < cols; c++) {
                    scales[c] = scales[c] == 0 ? 1f : scales[c] / WEIGHT_LEVELS;
                }
                byte[] ints = new byte[rows * cols];
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < cols; c++) {
                        ints[r * cols + c] = (byte) Math.max(-WEIGHT_LEVELS, Math.min(WEIGHT_LEVELS,
                                Math.round(values[r * cols + c] / scales[c])));
                    }
                }
                ByteBuffer scaleBytes = ByteBuffer.allocate(cols * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                scaleBytes.asFloatBuffer().put(scales);
                out.addInitializer(Onnx.TensorProto.newBuilder().setName(q).addDims(rows).addDims(cols)
                        .setDataType(Onnx.TensorProto.DataType.INT8_VALUE).setRawData(ByteString.copyFrom(ints)));
                out.addInitializer(Onnx.TensorProto.newBuilder().setName(scale).addDims(cols)
                        .setDataType(Onnx.TensorProto.DataType.FLOAT_VALUE)
                        .setRawData(ByteString.copyFrom(scaleBytes.array())));
            }
            out.addNode(Onnx.NodeProto.newBuilder().setName(node.getName() + "_quant")
                    .setOpType("DynamicQuantizeMatMul").setDomain(MICROSOFT).addInput(node.getInput(0)).addInput(q).addInput(scale)
                    .addAllOutput(node.getOutputList()));
        }
        // the fp32 weights that were quantized are no longer read
        for (int i = out.getInitializerCount() - 1; i >= 0; i--) {
            if (quantized.contains(out.getInitializer(i).getName())) {
                out.removeInitializer(i);
            }
        }
        Onnx.ModelProto.Builder proto = model.proto().toBuilder().setGraph(out);
        boolean declared = proto.getOpsetImportList().stream().anyMatch(o -> MICROSOFT.equals(o.getDomain()));
        if (!quantized.isEmpty() && !declared) {
            proto.addOpsetImport(Onnx.OperatorSetIdProto.newBuilder().setDomain(MICROSOFT).setVersion(1));
        }
        return OnnxModel.of(proto.build());
    }

    private OnnxQuantizer() {
    }
}
