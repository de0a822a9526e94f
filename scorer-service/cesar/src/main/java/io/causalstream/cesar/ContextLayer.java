package io.causalstream.cesar;

/**
 * One trainable pre-norm transformer encoder layer on top of the frozen encoder, standing in for the paper's
 * fine-tuning of BERT's top layers: it re-reads the joint sequence [CLS] C [SEP] E [SEP] so that, e.g., an effect
 * token can see a defeater in the cause segment.
 *
 * <pre>
 *   h = x + MHA(LN1(x)) Wo + bo          -- heads attend over every token of the pair
 *   y = h + GELU(LN2(h) W1 + b1) W2 + b2 -- GELU in its tanh form
 * </pre>
 * Wo and W2 start at zero, so an untrained layer is the identity. Immutable; {@link #apply} is thread-safe.
 */
public record ContextLayer(int heads, float[] ln1Gain, float[] ln1Bias, float[][] wq, float[][] wk, float[][] wv,
                           float[][] wo, float[] bo, float[] ln2Gain, float[] ln2Bias, float[][] w1, float[] b1,
                           float[][] w2, float[] b2) {

    static final double LN_EPSILON = 1e-5;

    @Override
    public boolean equals(Object o) {
        return o instanceof ContextLayer l && heads == l.heads && java.util.Arrays.deepEquals(parts(), l.parts());
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.deepHashCode(parts());
    }

    private Object[] parts() {
        return new Object[] {ln1Gain, ln1Bias, wq, wk, wv, wo, bo, ln2Gain, ln2Bias, w1, b1, w2, b2};
    }

    public ContextLayer {
        int d = wq.length;
        if (heads < 1 || d % heads != 0) {
            throw new IllegalArgumentException("d = " + d + " must be a multiple of the head count " + heads);
        }
        if (w1.length != d || w2[0].length != d || w1[0].length != w2.length || b1.length != w1[0].length) {
            throw new IllegalArgumentException("feed-forward weights do not fit d = " + d);
        }
    }

    public int dimension() {
        return wq.length;
    }

    public int hidden() {
        return b1.length;
    }

    /** The layer applied to every token of one sequence (all tokens attend to all). */
    public double[][] apply(double[][] x) {
        int n = x.length;
        int d = dimension();
        int dh = d / heads;
        double[][] normed = layerNorm(x, ln1Gain, ln1Bias);
        double[][] q = CesarStrength.multiply(normed, wq);
        double[][] k = CesarStrength.multiply(normed, wk);
        double[][] v = CesarStrength.multiply(normed, wv);
        double[][] context = new double[n][d];
        double scale = 1 / Math.sqrt(dh);
        double[] scores = new double[n];
        for (int h = 0; h < heads; h++) {
            int off = h * dh;
            for (int i = 0; i < n; i++) {
                double max = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < n; j++) {
                    double s = 0;
                    for (int c = 0; c < dh; c++) {
                        s += q[i][off + c] * k[j][off + c];
                    }
                    scores[j] = s * scale;
                    max = Math.max(max, scores[j]);
                }
                double total = 0;
                for (int j = 0; j < n; j++) {
                    scores[j] = Math.exp(scores[j] - max);
                    total += scores[j];
                }
                for (int j = 0; j < n; j++) {
                    double a = scores[j] / total;
                    for (int c = 0; c < dh; c++) {
                        context[i][off + c] += a * v[j][off + c];
                    }
                }
            }
        }
        double[][] attended = CesarStrength.multiply(context, wo);
        double[][] h1 = new double[n][d];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < d; c++) {
                h1[i][c] = x[i][c] + attended[i][c] + bo[c];
            }
        }
        double[][] inner = CesarStrength.multiply(layerNorm(h1, ln2Gain, ln2Bias), w1);
        for (double[] row : inner) {
            for (int c = 0; c < row.length; c++) {
                row[c] = gelu(row[c] + b1[c]);
            }
        }
        double[][] outer = CesarStrength.multiply(inner, w2);
        double[][] y = new double[n][d];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < d; c++) {
                y[i][c] = h1[i][c] + outer[i][c] + b2[c];
            }
        }
        return y;
    }

    static double[][] layerNorm(double[][] x, float[] gain, float[] bias) {
        double[][] out = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            double mean = 0;
            for (double v : x[i]) {
                mean += v;
            }
            mean /= x[i].length;
            double variance = 0;
            for (double v : x[i]) {
                variance += (v - mean) * (v - mean);
            }
            variance /= x[i].length;
            double inv = 1 / Math.sqrt(variance + LN_EPSILON);
            out[i] = new double[x[i].length];
            for (int c = 0; c < x[i].length; c++) {
                out[i][c] = (x[i][c] - mean) * inv * gain[c] + bias[c];
            }
        }
        return out;
    }

    static double gelu(double x) {
        return 0.5 * x * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (x + 0.044715 * x * x * x)));
    }
}
