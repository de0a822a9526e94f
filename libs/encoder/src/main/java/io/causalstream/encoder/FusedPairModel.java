package io.causalstream.encoder;

import ai.djl.huggingface.tokenizers.Encoding;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link PairModel} of {@link DjlTokenEncoder#withPairHead}: the encoder's ONNX graph with a head appended, run
 * by ONNX Runtime in a session of its own, on the encoder's tokenization and batches.
 */
final class FusedPairModel implements PairModel {

    private static final Logger LOG = LoggerFactory.getLogger(FusedPairModel.class);

    private final DjlTokenEncoder encoder;
    private final ai.onnxruntime.OrtEnvironment env;
    private final ai.onnxruntime.OrtSession session;
    private final String output;
    private final AtomicBoolean modelClosed = new AtomicBoolean();

    /** {@code session} runs {@code encoder}'s graph with the head appended; its one output is {@code output}. */
    FusedPairModel(DjlTokenEncoder encoder, ai.onnxruntime.OrtEnvironment env, ai.onnxruntime.OrtSession session,
                   String output) {
        this.encoder = encoder;
        this.env = env;
        this.session = session;
        this.output = output;
    }

    @Override
    public float[] run(List<TextPair> pairs) {
        if (encoder.closed() || modelClosed.get()) {
            throw new IllegalStateException("encoder " + encoder.name() + " is closed");
        }
        Encoding[] encodings = new Encoding[pairs.size()];
        for (int i = 0; i < encodings.length; i++) {
            encodings[i] = encoder.tokenize(pairs.get(i));
        }
        float[] result = new float[encodings.length];
        encoder.passes().run(encodings, (batch, at) -> {
            float[] out = forward(batch);
            for (int b = 0; b < batch.length; b++) {
                result[at[b]] = out[b];
            }
        });
        return result;
    }

    private float[] forward(Encoding[] batch) {
        int width = 0;
        for (Encoding e : batch) {
            width = Math.max(width, e.getIds().length);
        }
        Map<String, ai.onnxruntime.OnnxTensor> inputs = new java.util.HashMap<>();
        try {
            for (String inputName : encoder.inputNames()) {
                java.nio.LongBuffer values = java.nio.ByteBuffer.allocateDirect(batch.length * width * Long.BYTES)
                        .order(java.nio.ByteOrder.nativeOrder()).asLongBuffer();
                for (Encoding e : batch) {
                    long[] src = switch (inputName) {
                        case "input_ids" -> e.getIds();
                        case "attention_mask" -> e.getAttentionMask();
                        case "token_type_ids" -> e.getTypeIds();
                        default -> throw new IllegalStateException("encoder input " + inputName
                                + " is not supported");
                    };
                    int start = values.position();
                    values.put(src, 0, src.length);
                    values.position(start + width);
                }
                values.rewind();
                inputs.put(inputName, ai.onnxruntime.OnnxTensor.createTensor(env, values,
                        new long[] {batch.length, width}));
            }
            try (ai.onnxruntime.OrtSession.Result result = session.run(inputs, java.util.Set.of(output))) {
                float[] out = new float[batch.length];
                ((ai.onnxruntime.OnnxTensor) result.get(0)).getFloatBuffer().get(out);
                return out;
            }
        } catch (ai.onnxruntime.OrtException e) {
            throw new IllegalStateException("encoder " + encoder.name() + " with head failed: " + e.getMessage(), e);
        } finally {
            inputs.values().forEach(ai.onnxruntime.OnnxTensor::close);
        }
    }

    @Override
    public void close() {
        if (modelClosed.compareAndSet(false, true)) {
            try {
                session.close();
            } catch (ai.onnxruntime.OrtException e) {
                LOG.warn("closing the fused model of {}: {}", encoder.name(), e.getMessage());
            }
        }
    }
}
