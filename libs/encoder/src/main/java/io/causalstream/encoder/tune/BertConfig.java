package io.causalstream.encoder.tune;

import io.causalstream.encoder.onnx.FloatTensor;
import io.causalstream.encoder.onnx.OnnxModel;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The geometry of a BERT encoder: how many layers, the width of its token states and of its feed-forward layers,
 * the attention heads and LayerNorm's epsilon.
 *
 * @param layers       transformer layers
 * @param hidden       width of a token state
 * @param heads        attention heads (each {@code hidden / heads} wide)
 * @param intermediate width of the feed-forward layer
 * @param layerNormEps LayerNorm's epsilon
 */
public record BertConfig(int layers, int hidden, int heads, int intermediate, float layerNormEps) {

    /** Hugging Face's BERT default, which all-MiniLM-L6-v2 and bge-small-en-v1.5 keep. */
    public static final float LAYER_NORM_EPS = 1e-12f;
    /** Width of one attention head in MiniLM and bge-small; ONNX's weights do not record the head count. */
    public static final int HEAD_WIDTH = 32;

    private static final Pattern LAYER = Pattern.compile("^encoder\\.layer\\.(\\d+)\\.");

    public BertConfig {
        if (layers < 1 || hidden < 1 || heads < 1 || intermediate < 1 || !(layerNormEps > 0)) {
            throw new IllegalArgumentException("invalid BERT geometry: layers " + layers + ", hidden " + hidden
                    + ", heads " + heads + ", intermediate " + intermediate + ", eps " + layerNormEps);
        }
        if (hidden % heads != 0) {
            throw new IllegalArgumentException("hidden " + hidden + " is not a multiple of heads " + heads);
        }
    }

    /** Width of one attention head. */
    public int headSize() {
        return hidden / heads;
    }

    /**
     * The geometry of the encoder whose weights the model holds: layers from the {@code encoder.layer.N.} names,
     * hidden from the word embedding table, intermediate from the first feed-forward weight; heads
     * {@code hidden / 32} (the exported graph has them only as reshape constants) and epsilon 1e-12.
     */
    public static BertConfig of(OnnxModel model) {
        return of(model.floatWeights());
    }

    /** {@link #of(OnnxModel)} from the model's {@link OnnxModel#floatWeights()}. */
    static BertConfig of(Map<String, FloatTensor> weights) {
        int layers = 0;
        for (String name : weights.keySet()) {
            Matcher m = LAYER.matcher(name);
            if (m.find()) {
                layers = Math.max(layers, Integer.parseInt(m.group(1)) + 1);
            }
        }
        FloatTensor words = weights.get(BertEncoderBlock.WORD_EMBEDDINGS);
        FloatTensor intermediate = weights.get("encoder.layer.0.intermediate.dense.weight");
        if (layers == 0 || words == null || intermediate == null) {
            throw new IllegalArgumentException("not a BERT encoder: the model has no " + (layers == 0
                    ? "encoder.layer.N weights" : words == null ? BertEncoderBlock.WORD_EMBEDDINGS
                    : "encoder.layer.0.intermediate.dense.weight"));
        }
        int hidden = (int) words.shape()[1];
        if (hidden % HEAD_WIDTH != 0) {
            throw new IllegalArgumentException("hidden width " + hidden + " is not a multiple of " + HEAD_WIDTH
                    + ": the head count cannot be inferred");
        }
        return new BertConfig(layers, hidden, hidden / HEAD_WIDTH, (int) intermediate.shape()[1], LAYER_NORM_EPS);
    }
}
