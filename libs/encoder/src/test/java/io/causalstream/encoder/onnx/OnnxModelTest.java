package io.causalstream.encoder.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.causalstream.encoder.onnx.proto.Onnx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading, naming, replacing and writing the weights of the bundled fp32 all-MiniLM-L6-v2 export. */
class OnnxModelTest {

    private static final Pattern MATMUL_WEIGHT = Pattern.compile(
            "encoder\\.layer\\.[0-5]\\.(attention\\.self\\.(query|key|value)|attention\\.output\\.dense"
                    + "|intermediate\\.dense|output\\.dense)\\.weight");

    private static OnnxModel miniLm;
    private static Map<String, FloatTensor> weights;

    @BeforeAll
    static void read() {
        miniLm = TestModels.miniLm();
        weights = miniLm.floatWeights();
    }

    @Test
    void miniLmHas101FloatWeightsWithTheMatMulsNamedByLayer() {
        // 102 initializers less the int64 position_ids: 5 embedding tensors + 6 layers x 16
        assertThat(miniLm.proto().getGraph().getInitializerCount()).isEqualTo(102);
        assertThat(weights).hasSize(101);
        assertThat(weights.keySet().stream().filter(n -> MATMUL_WEIGHT.matcher(n).matches())).hasSize(36);
        assertThat(weights.keySet()).noneMatch(n -> n.startsWith("onnx::")).doesNotContain("embeddings.position_ids");
        assertThat(weights).allSatisfy((name, t) -> assertThat(t.name()).isEqualTo(name));

        assertThat(weights.get("embeddings.word_embeddings.weight").shape()).containsExactly(30522, 384);
        assertThat(weights.get("embeddings.position_embeddings.weight").shape()).containsExactly(512, 384);
        assertThat(weights.get("embeddings.token_type_embeddings.weight").shape()).containsExactly(2, 384);
        assertThat(weights.get("embeddings.LayerNorm.weight").shape()).containsExactly(384);
        for (int layer = 0; layer < 6; layer++) {
            String p = "encoder.layer." + layer + ".";
            for (String linear : List.of("attention.self.query", "attention.self.key", "attention.self.value",
                    "attention.output.dense")) {
                assertThat(weights.get(p + linear + ".weight").shape()).as(p + linear).containsExactly(384, 384);
                assertThat(weights.get(p + linear + ".bias").shape()).containsExactly(384);
            }
            // [in, out] as the MatMul reads them: PyTorch's [1536, 384] and [384, 1536] transposed
            assertThat(weights.get(p + "intermediate.dense.weight").shape()).containsExactly(384, 1536);
            assertThat(weights.get(p + "intermediate.dense.bias").shape()).containsExactly(1536);
            assertThat(weights.get(p + "output.dense.weight").shape()).containsExactly(1536, 384);
            assertThat(weights.get(p + "output.LayerNorm.bias").shape()).containsExactly(384);
        }
    }

    @Test
    void weightsComeInTheGraphsOrderWithTheInitializersValues() {
        List<Onnx.TensorProto> floats = new ArrayList<>();
        for (Onnx.TensorProto t : miniLm.proto().getGraph().getInitializerList()) {
            if (t.getDataType() == Onnx.TensorProto.DataType.FLOAT_VALUE) {
                floats.add(t);
            }
        }
        List<FloatTensor> inOrder = List.copyOf(weights.values());
        assertThat(inOrder).hasSameSizeAs(floats);
        for (int i = 0; i < floats.size(); i++) {
            Onnx.TensorProto t = floats.get(i);
            FloatTensor w = inOrder.get(i);
            if (!t.getName().startsWith("onnx::")) {
                assertThat(w.name()).isEqualTo(t.getName());
            }
            assertThat(w.shape()).containsExactly(t.getDimsList().stream().mapToLong(Long::longValue).toArray());
            assertThat(w.values().length * 4).isEqualTo(t.getRawData().size());
            float first = t.getRawData().asReadOnlyByteBuffer().order(java.nio.ByteOrder.LITTLE_ENDIAN).getFloat(0);
            assertThat(w.values()[0]).isEqualTo(first);
        }
    }

    @Test
    void roundTripKeepsTheFileByteForByte() {
        byte[] original = TestModels.miniLmBytes();
        byte[] again = miniLm.toBytes();
        assertThat(again).isEqualTo(original);
        OnnxModel reread = OnnxModel.read(again);
        Onnx.GraphProto graph = reread.proto().getGraph();
        assertThat(graph.getInitializerList()).isEqualTo(miniLm.proto().getGraph().getInitializerList());
        assertThat(graph.getNodeList()).isEqualTo(miniLm.proto().getGraph().getNodeList());
        assertThat(reread.proto().getOpsetImportList()).isNotEmpty()
                .isEqualTo(miniLm.proto().getOpsetImportList());
        assertThat(reread.floatWeights().keySet()).containsExactlyElementsOf(weights.keySet());
    }

    @Test
    void fieldsTheSchemaLeavesOutSurviveTheRoundTrip() {
        // ModelProto.functions (25), GraphProto.sparse_initializer (15), TypeProto.sequence_type (4): not in the
        // project's onnx.proto, so parsed as unknown fields
        UnknownFieldSet functions = UnknownFieldSet.newBuilder().addField(25, UnknownFieldSet.Field.newBuilder()
                .addLengthDelimited(ByteString.copyFromUtf8("a function")).build()).build();
        UnknownFieldSet sparse = UnknownFieldSet.newBuilder().addField(15, UnknownFieldSet.Field.newBuilder()
                .addLengthDelimited(ByteString.copyFromUtf8("a sparse tensor")).build()).build();
        UnknownFieldSet sequence = UnknownFieldSet.newBuilder().addField(4, UnknownFieldSet.Field.newBuilder()
                .addLengthDelimited(ByteString.copyFromUtf8("a sequence type")).build()).build();
        Onnx.ModelProto model = Onnx.ModelProto.newBuilder()
                .setIrVersion(8)
                .addOpsetImport(Onnx.OperatorSetIdProto.newBuilder().setVersion(17))
                .setGraph(Onnx.GraphProto.newBuilder().setName("g")
                        .addInitializer(Onnx.TensorProto.newBuilder().setName("w").addDims(2)
                                .setDataType(Onnx.TensorProto.DataType.FLOAT_VALUE)
                                .setRawData(ByteString.copyFrom(new byte[8])))
                        .addInput(Onnx.ValueInfoProto.newBuilder().setName("s")
                                .setType(Onnx.TypeProto.newBuilder().setUnknownFields(sequence)))
                        .setUnknownFields(sparse))
                .setUnknownFields(functions)
                .build();
        byte[] bytes = model.toByteArray();

        OnnxModel read = OnnxModel.read(bytes);
        byte[] written = read.withWeights(Map.of("w", new float[] {1f, 2f})).toBytes();

        Onnx.ModelProto back = OnnxModel.read(written).proto();
        assertThat(back.getUnknownFields()).isEqualTo(functions);
        assertThat(back.getGraph().getUnknownFields()).isEqualTo(sparse);
        assertThat(back.getGraph().getInput(0).getType().getUnknownFields()).isEqualTo(sequence);
        assertThat(read.toBytes()).isEqualTo(bytes);
        assertThat(OnnxModel.read(written).floatWeights().get("w").values()).containsExactly(1f, 2f);
    }

    @Test
    void withWeightsReplacesOnlyTheNamedTensors() {
        String bias = "encoder.layer.3.attention.self.key.bias";
        String matmul = "encoder.layer.5.output.dense.weight";
        float[] newBias = weights.get(bias).values().clone();
        newBias[7] += 0.5f;
        float[] newMatMul = new float[1536 * 384];
        newMatMul[384 + 2] = 1f;

        OnnxModel tuned = miniLm.withWeights(Map.of(bias, newBias, matmul, newMatMul));

        Map<String, FloatTensor> after = tuned.floatWeights();
        assertThat(after.keySet()).containsExactlyElementsOf(weights.keySet());
        weights.forEach((name, before) -> {
            if (name.equals(bias)) {
                assertThat(after.get(name).values()).isEqualTo(newBias);
            } else if (name.equals(matmul)) {
                assertThat(after.get(name).values()).isEqualTo(newMatMul);
            } else {
                assertThat(after.get(name)).as(name).isEqualTo(before);
            }
        });
        // same graph, same sizes: the file differs only inside raw_data
        assertThat(tuned.toBytes()).hasSameSizeAs(TestModels.miniLmBytes());
        assertThat(tuned.proto().getGraph().getNodeList()).isEqualTo(miniLm.proto().getGraph().getNodeList());
        assertThat(miniLm.floatWeights().get(bias)).isEqualTo(weights.get(bias));
    }

    @Test
    void anUnknownNameOrAWrongLengthIsNamed() {
        assertThatThrownBy(() -> miniLm.withWeights(Map.of("pooler.dense.weight", new float[4])))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pooler.dense.weight");
        assertThatThrownBy(() -> miniLm.withWeights(Map.of("encoder.layer.0.output.LayerNorm.weight",
                new float[383])))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("encoder.layer.0.output.LayerNorm.weight").hasMessageContaining("383");
        assertThatThrownBy(() -> OnnxModel.read(new byte[] {1, 2, 3}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an ONNX model");
    }

    @Test
    void writeReplacesTheFileWholeAndLeavesNoPartialFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("model.onnx");
        Files.writeString(file, "an older file");
        miniLm.write(file);
        assertThat(Files.readAllBytes(file)).isEqualTo(TestModels.miniLmBytes());
        assertThat(OnnxModel.read(file).floatWeights().keySet()).containsExactlyElementsOf(weights.keySet());
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }
}
