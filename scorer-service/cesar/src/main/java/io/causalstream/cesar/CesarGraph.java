package io.causalstream.cesar;

import static io.causalstream.encoder.OnnxGraph.attr;
import static io.causalstream.encoder.OnnxGraph.ints;

import io.causalstream.encoder.OnnxGraph;
import io.causalstream.encoder.PairModel;
import java.util.List;

/**
 * The whole CESAR head as one ONNX graph, for {@link io.causalstream.encoder.TokenEncoder#withPairHead}: it reads
 * the encoder's last hidden state of a padded batch of pairs [batch, tokens, d] with the encoder's own
 * {@code attention_mask} and {@code token_type_ids}, and writes CS(C -> E) per pair, [batch]. The same equations as
 * {@link CesarStrength} (the reference) and {@link CesarKernel}, in float, masked per pair:
 * <ul>
 *   <li>context layer: LN1, Q/K/V as one product split in three, multi-head attention over the pair's real tokens
 *       (padding keys masked), Wo + bo with the residual, LN2, the feed-forward block with its tanh-form GELU, the
 *       residual;</li>
 *   <li>the residual projection {@code x + x P + b};</li>
 *   <li>{@code L = (x Wq Wk^T) x^T} over every (token, token) of a pair, kept where the row is a cause token
 *       (type 0) and the column an effect token (type 1), a softmax over all kept entries of the pair, times
 *       {@code |cos|} of the two tokens' embeddings, summed, capped at 1.</li>
 * </ul>
 * Masked entries are replaced by the lowest finite float (never a fixed -1e9, which real logits can pass), so a
 * softmax gives them exactly 0 while a row of padding stays finite. Operators of opset 11, the opset of the bundled
 * MiniLM exports, so the graph can be appended to them, plus two of ONNX Runtime's own fused operators (one pass
 * instead of a chain of element-wise ones): LayerNormalization (which ONNX Runtime runs below opset 17) and
 * {@code com.microsoft} FastGelu. Node and weight names start with {@code cesar_}.
 */
public final class CesarGraph {

    /** The output: CS per pair. */
    public static final String OUTPUT = "cesar_strength";
    private static final float LOWEST = -Float.MAX_VALUE;

    private final OnnxGraph g = new OnnxGraph();
    private int names;

    private CesarGraph() {
    }

    /** The head's graph, its input {@link PairModel#HIDDEN} to be provided by the encoder it is appended to. */
    public static OnnxGraph of(CesarHead head) {
        return new CesarGraph().build(head);
    }

    private OnnxGraph build(CesarHead head) {
        int d = head.dimension();
        g.scalar("cesar_lowest", LOWEST).scalar("cesar_one", 1f).scalar("cesar_tiny", 1e-30f)
                .longs("cesar_flat", 0, -1);
        String realF = op("Cast", List.of("attention_mask"), attr("to", OnnxGraph.FLOAT));
        String typeF = op("Cast", List.of("token_type_ids"), attr("to", OnnxGraph.FLOAT));
        String effect = op("Mul", List.of(realF, typeF));
        String cause = op("Sub", List.of(realF, effect));
        String x = PairModel.HIDDEN;
        ContextLayer context = head.context();
        if (context != null) {
            x = context(x, context, d);
        }
        if (head.projection() != null) {
            g.weights("cesar_p", head.projection()).weights("cesar_pb", head.bias());
            String shifted = op("Add", List.of(op("MatMul", List.of(x, "cesar_p")), "cesar_pb"));
            x = op("Add", List.of(x, shifted));
        }
        g.weights("cesar_wqk", CesarKernel.wqk(head));
        String xT = op("Transpose", List.of(x), ints("perm", 0, 2, 1));
        String logits = op("MatMul", List.of(op("MatMul", List.of(x, "cesar_wqk")), xT));
        // kept: cause row i, effect column j of the same pair
        String rows = op("Unsqueeze", List.of(cause), ints("axes", 2));
        String columns = op("Unsqueeze", List.of(effect), ints("axes", 1));
        String kept = op("Cast", List.of(op("Mul", List.of(rows, columns))), attr("to", OnnxGraph.BOOL));
        String masked = op("Where", List.of(kept, logits, "cesar_lowest"));
        String attention = op("Softmax", List.of(op("Reshape", List.of(masked, "cesar_flat"))), attr("axis", 1));
        // |cos| of every (token, token): rows scaled to unit length (a zero row stays zero), then one product
        String norm = op("Sqrt", List.of(op("ReduceSum", List.of(op("Mul", List.of(x, x))), ints("axes", 2),
                attr("keepdims", 1))));
        String unit = op("Div", List.of(x, op("Max", List.of(norm, "cesar_tiny"))));
        String cosine = op("MatMul", List.of(unit, op("Transpose", List.of(unit), ints("perm", 0, 2, 1))));
        String association = op("Reshape", List.of(op("Abs", List.of(cosine)), "cesar_flat"));
        String sum = op("ReduceSum", List.of(op("Mul", List.of(attention, association))), ints("axes", 1),
                attr("keepdims", 0));
        g.node("Min", List.of(OUTPUT), List.of(sum, "cesar_one"));
        g.output(OUTPUT, OnnxGraph.FLOAT, "batch");
        return g;
    }

    private String context(String x, ContextLayer c, int d) {
        int heads = c.heads();
        int dh = d / heads;
        float[][] fused = new float[d][3 * d];
        for (int r = 0; r < d; r++) {
            System.arraycopy(c.wq()[r], 0, fused[r], 0, d);
            System.arraycopy(c.wk()[r], 0, fused[r], d, d);
            System.arraycopy(c.wv()[r], 0, fused[r], 2 * d, d);
        }
        g.weights("cesar_ln1_g", c.ln1Gain()).weights("cesar_ln1_b", c.ln1Bias()).weights("cesar_qkv", fused)
                .weights("cesar_wo", c.wo()).weights("cesar_bo", c.bo())
                .weights("cesar_ln2_g", c.ln2Gain()).weights("cesar_ln2_b", c.ln2Bias())
                .weights("cesar_w1", c.w1()).weights("cesar_b1", c.b1()).weights("cesar_w2", c.w2())
                .weights("cesar_b2", c.b2())
                .longs("cesar_split_heads", 0, 0, heads, dh).longs("cesar_join_heads", 0, 0, d)
                .scalar("cesar_scale", (float) (1 / Math.sqrt(dh)));
        String normed = layerNorm(x, "cesar_ln1_g", "cesar_ln1_b");
        String qkv = op("MatMul", List.of(normed, "cesar_qkv"));
        String q = fresh();
        String k = fresh();
        String v = fresh();
        g.node("Split", List.of(q, k, v), List.of(qkv), attr("axis", 2));
        String q4 = op("Transpose", List.of(op("Reshape", List.of(q, "cesar_split_heads"))), ints("perm", 0, 2, 1, 3));
        String kT = op("Transpose", List.of(op("Reshape", List.of(k, "cesar_split_heads"))), ints("perm", 0, 2, 3, 1));
        String v4 = op("Transpose", List.of(op("Reshape", List.of(v, "cesar_split_heads"))), ints("perm", 0, 2, 1, 3));
        String scores = op("Mul", List.of(op("MatMul", List.of(q4, kT)), "cesar_scale"));
        // padding keys masked: [batch, 1, 1, tokens]
        String keys = op("Unsqueeze", List.of(op("Cast", List.of("attention_mask"), attr("to", OnnxGraph.BOOL))),
                ints("axes", 1, 2));
        String weights = op("Softmax", List.of(op("Where", List.of(keys, scores, "cesar_lowest"))), attr("axis", 3));
        String attended = op("Reshape", List.of(op("Transpose", List.of(op("MatMul", List.of(weights, v4))),
                ints("perm", 0, 2, 1, 3)), "cesar_join_heads"));
        String h1 = op("Add", List.of(x, op("Add", List.of(op("MatMul", List.of(attended, "cesar_wo")), "cesar_bo"))));
        String projected = op("MatMul", List.of(layerNorm(h1, "cesar_ln2_g", "cesar_ln2_b"), "cesar_w1"));
        // FastGelu (ONNX Runtime's operator): GELU in its tanh form of x + b1, in one pass
        String gelu = fresh();
        g.node(OnnxGraph.MICROSOFT, "FastGelu", List.of(gelu), List.of(projected, "cesar_b1"));
        return op("Add", List.of(h1, op("Add", List.of(op("MatMul", List.of(gelu, "cesar_w2")), "cesar_b2"))));
    }

    /** (x - mean) / sqrt(variance + eps) * gain + bias over the last axis. */
    private String layerNorm(String x, String gain, String bias) {
        // ONNX Runtime runs LayerNormalization in opsets below 17 too (its own operator before ONNX had one)
        return op("LayerNormalization", List.of(x, gain, bias), attr("axis", -1),
                OnnxGraph.real("epsilon", (float) ContextLayer.LN_EPSILON));
    }

    private String op(String type, List<String> inputs, OnnxGraph.Attribute... attributes) {
        String out = fresh();
        g.node(type, List.of(out), inputs, attributes);
        return out;
    }

    private String fresh() {
        return "cesar_" + names++;
    }
}
