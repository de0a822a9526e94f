package io.causalstream.encoder.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.encoder.onnx.FloatTensor;
import io.causalstream.encoder.onnx.OnnxModel;
import io.causalstream.encoder.onnx.TestModels;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A delta keeps what changed, in half precision, and gives the tuned weights back from the base. */
class EncoderDeltaTest {

    private static final Map<String, FloatTensor> BASE = ordered(
            new FloatTensor("a", new long[] {2, 3}, new float[] {1f, -2f, 3f, 0.5f, 0f, 100f}),
            new FloatTensor("b", new long[] {4}, new float[] {0.1f, 0.2f, 0.3f, 0.4f}),
            new FloatTensor("c", new long[0], new float[] {7f}));

    /** a moved in two places (one difference a subnormal half), b unchanged, c moved. */
    private static final Map<String, float[]> TUNED = Map.of(
            "a", new float[] {1.001f, -2f, 3f, 0.5f, 1e-6f, 100f},
            "b", new float[] {0.1f, 0.2f, 0.3f, 0.4f},
            "c", new float[] {6.75f});

    @Test
    void keepsOnlyWhatChangedAndGivesItBackWithinHalfPrecision() throws IOException {
        EncoderDelta delta = EncoderDelta.between(BASE, TUNED);
        assertThat(delta.names()).containsExactly("a", "c");
        assertThat(delta.parameterCount()).isEqualTo(7);

        EncoderDelta read = EncoderDelta.read(new ByteArrayInputStream(bytes(delta)));
        Map<String, float[]> applied = read.applyTo(BASE);

        assertThat(applied.keySet()).containsExactly("a", "b", "c");
        assertThat(applied.get("b")).isEqualTo(BASE.get("b").values());
        for (String name : delta.names()) {
            float[] base = BASE.get(name).values();
            float[] tuned = TUNED.get(name);
            for (int i = 0; i < tuned.length; i++) {
                double difference = (double) tuned[i] - base[i];
                // half precision: 11 significant bits, subnormal steps of 2^-24 below 2^-14; then one float rounding
                double allowed = Math.abs(difference) * 0x1p-11 + 0x1p-25 + Math.ulp(tuned[i]);
                assertThat(Math.abs((double) applied.get(name)[i] - tuned[i])).as("%s[%d]", name, i)
                        .isLessThanOrEqualTo(allowed);
            }
        }
        // 1.001 - 1 in half precision is 0.0010004: the difference is kept, not its float bits
        assertThat(applied.get("a")[0]).isNotEqualTo(TUNED.get("a")[0]).isEqualTo(1f + Float.float16ToFloat(
                Float.floatToFloat16(TUNED.get("a")[0] - 1f)));
        assertThat(applied.get("c")).containsExactly(6.75f);
    }

    @Test
    void theSameContentGivesTheSameBytes() throws IOException {
        Map<String, float[]> reversed = new LinkedHashMap<>();
        reversed.put("c", TUNED.get("c"));
        reversed.put("a", TUNED.get("a"));
        byte[] once = bytes(EncoderDelta.between(BASE, TUNED));
        assertThat(bytes(EncoderDelta.between(BASE, TUNED))).isEqualTo(once);
        assertThat(bytes(EncoderDelta.between(BASE, reversed))).isEqualTo(once);
        assertThat(bytes(EncoderDelta.read(new ByteArrayInputStream(once)))).isEqualTo(once);
        assertThat(new String(once, 0, 10, StandardCharsets.US_ASCII)).isEqualTo("CSENCDELTA");
        // magic, version, count (10 + 4 + 4); per tensor its name (2 + 1), rank (1), dimensions (8 each) and
        // halves (2 each)
        assertThat(once).hasSize(18 + (3 + 1 + 16 + 12) + (3 + 1 + 2));
    }

    @Test
    void aTensorTheBaseLacksOrHasInAnotherShapeIsNamed() {
        assertThatThrownBy(() -> EncoderDelta.between(BASE, Map.of("d", new float[1])))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("d is not in the base");
        assertThatThrownBy(() -> EncoderDelta.between(BASE, Map.of("b", new float[3])))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tuned tensor b holds 3");

        EncoderDelta delta = EncoderDelta.between(BASE, TUNED);
        Map<String, FloatTensor> withoutC = ordered(BASE.get("a"), BASE.get("b"));
        assertThatThrownBy(() -> delta.applyTo(withoutC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("changes c, which the base");
        Map<String, FloatTensor> transposed = ordered(new FloatTensor("a", new long[] {3, 2}, new float[6]),
                BASE.get("b"), BASE.get("c"));
        assertThatThrownBy(() -> delta.applyTo(transposed))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a has shape [2, 3]")
                .hasMessageContaining("[3, 2]");
    }

    @Test
    void whatIsNotAWholeDeltaIsRefused() throws IOException {
        byte[] good = bytes(EncoderDelta.between(BASE, TUNED));
        assertThatThrownBy(() -> EncoderDelta.read(new ByteArrayInputStream("not a delta at all".getBytes(
                StandardCharsets.US_ASCII)))).isInstanceOf(IOException.class).hasMessageContaining("CSENCDELTA");
        assertThatThrownBy(() -> EncoderDelta.read(new ByteArrayInputStream(Arrays.copyOf(good, good.length - 1))))
                .isInstanceOf(IOException.class).hasMessageContaining("ends early");
        byte[] future = good.clone();
        future[13] = 2;
        assertThatThrownBy(() -> EncoderDelta.read(new ByteArrayInputStream(future)))
                .isInstanceOf(IOException.class).hasMessageContaining("version 2");
    }

    @Test
    void appliedToTheOnnxModelItReplacesOnlyTheChangedWeights() {
        OnnxModel miniLm = TestModels.miniLm();
        Map<String, FloatTensor> base = miniLm.floatWeights();
        String bias = "encoder.layer.5.output.dense.bias";
        float[] tunedBias = base.get(bias).values().clone();
        tunedBias[0] += 0.25f;
        tunedBias[383] -= 0.125f;
        EncoderDelta delta = EncoderDelta.between(base, Map.of(bias, tunedBias,
                "encoder.layer.5.output.dense.weight", base.get("encoder.layer.5.output.dense.weight").values()));
        assertThat(delta.names()).containsExactly(bias);

        Map<String, FloatTensor> after = delta.applyTo(miniLm).floatWeights();
        assertThat(after.get(bias).values()).isEqualTo(tunedBias);
        base.forEach((name, t) -> {
            if (!name.equals(bias)) {
                assertThat(after.get(name)).as(name).isEqualTo(t);
            }
        });
    }

    private static byte[] bytes(EncoderDelta delta) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        delta.write(out);
        return out.toByteArray();
    }

    private static Map<String, FloatTensor> ordered(FloatTensor... tensors) {
        Map<String, FloatTensor> out = new LinkedHashMap<>();
        for (FloatTensor t : tensors) {
            out.put(t.name(), t);
        }
        return out;
    }
}
