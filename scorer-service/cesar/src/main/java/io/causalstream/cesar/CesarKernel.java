package io.causalstream.cesar;

import java.util.List;

/**
 * The arithmetic of {@link CesarStrength} made fast: the same equations in float instead of double (twice the
 * vector lanes, half the memory traffic), with the linear layers run over the tokens of many pairs stacked into one
 * matrix (a weight matrix stays in cache for all of them) and a matmul whose inner loop the JIT vectorises.
 * {@code Q K^T} is computed as {@code C (Wq Wk^T) E^T}, one d x d product instead of two. Softmax, norms and the
 * final sum stay in double. Agrees with {@link CesarStrength#score} to float rounding (about 1e-6;
 * a test holds it to 1e-4). Immutable, thread-safe.
 */
public final class CesarKernel {

    private final int d;
    private final ContextLayer context;
    private final float[][] cWq;
    private final float[][] cWk;
    private final float[][] cWv;
    private final float[][] cWo;
    private final float[][] w1;
    private final float[][] w2;
    private final int hidden;
    private final float[][] projection;
    private final float[] bias;
    private final float[][] wqk;

    public CesarKernel(CesarHead head) {
        d = head.dimension();
        context = head.context();
        if (context != null) {
            cWq = copy(context.wq());
            cWk = copy(context.wk());
            cWv = copy(context.wv());
            cWo = copy(context.wo());
            w1 = copy(context.w1());
            w2 = copy(context.w2());
            hidden = context.hidden();
        } else {
            cWq = cWk = cWv = cWo = w1 = w2 = null;
            hidden = 0;
        }
        projection = head.projection() == null ? null : copy(head.projection());
        bias = head.bias();
        // (C Wq)(E Wk)^T = C (Wq Wk^T) E^T, the product taken in double once
        float[][] wq = head.wq();
        float[][] wk = head.wk();
        wqk = new float[d][d];
        double[] row = new double[d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double s = 0;
                for (int k = 0; k < d; k++) {
                    s += (double) wq[i][k] * wk[j][k];
                }
                row[j] = s;
            }
            for (int j = 0; j < d; j++) {
                wqk[i][j] = (float) row[j];
            }
        }
    }

    public int dimension() {
        return d;
    }

    /** CS(C -> E) of every pair: {@code causes.get(i)} and {@code effects.get(i)} are raw encoder rows. */
    public double[] scores(List<float[][]> causes, List<float[][]> effects) {
        int pairs = causes.size();
        int[] start = new int[pairs + 1];
        for (int p = 0; p < pairs; p++) {
            int n = causes.get(p).length;
            int m = effects.get(p).length;
            if (n == 0 || m == 0) {
                throw new IllegalArgumentException("cause and effect need at least one token each");
            }
            start[p + 1] = start[p] + n + m;
        }
        float[][] x = new float[start[pairs]][];
        for (int p = 0; p < pairs; p++) {
            int r = start[p];
            for (float[] v : causes.get(p)) {
                x[r++] = checked(v).clone();
            }
            for (float[] v : effects.get(p)) {
                x[r++] = checked(v).clone();
            }
        }
        if (context != null) {
            x = applyContext(x, start);
        }
        if (projection != null) {
            float[][] shifted = multiply(x, projection, d);
            for (int r = 0; r < x.length; r++) {
                float[] xr = x[r];
                float[] sr = shifted[r];
                for (int k = 0; k < d; k++) {
                    xr[k] += sr[k] + bias[k];
                }
            }
        }
        double[] out = new double[pairs];
        for (int p = 0; p < pairs; p++) {
            out[p] = score(x, start[p], start[p] + causes.get(p).length, start[p + 1]);
        }
        return out;
    }

    private float[] checked(float[] v) {
        if (v.length != d) {
            throw new IllegalArgumentException("embedding size " + v.length + " does not match the head's " + d);
        }
        return v;
    }

    /** Rows [from, split) are the cause, [split, to) the effect. */
    private double score(float[][] x, int from, int split, int to) {
        int n = split - from;
        int m = to - split;
        float[][] cause = java.util.Arrays.copyOfRange(x, from, split);
        float[][] g = multiply(cause, wqk, d);
        double[][] logits = new double[n][m];
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                double l = dot(g[i], x[split + j]);
                logits[i][j] = l;
                max = Math.max(max, l);
            }
        }
        double total = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                logits[i][j] = Math.exp(logits[i][j] - max);
                total += logits[i][j];
            }
        }
        double[] effectNorm = new double[m];
        for (int j = 0; j < m; j++) {
            effectNorm[j] = Math.sqrt(dot(x[split + j], x[split + j]));
        }
        double score = 0;
        for (int i = 0; i < n; i++) {
            float[] c = x[from + i];
            double causeNorm = Math.sqrt(dot(c, c));
            for (int j = 0; j < m; j++) {
                double denominator = causeNorm * effectNorm[j];
                double association = denominator == 0 ? 0 : Math.abs(dot(c, x[split + j])) / denominator;
                score += logits[i][j] / total * association;
            }
        }
        return Math.min(1.0, score);
    }

    private float[][] applyContext(float[][] x, int[] start) {
        int rows = x.length;
        int heads = context.heads();
        int dh = d / heads;
        float[][] normed = layerNorm(x, context.ln1Gain(), context.ln1Bias());
        float[][] q = multiply(normed, cWq, d);
        float[][] k = multiply(normed, cWk, d);
        float[][] v = multiply(normed, cWv, d);
        float[][] attended = new float[rows][d];
        double scale = 1 / Math.sqrt(dh);
        for (int p = 0; p + 1 < start.length; p++) {
            int from = start[p];
            int to = start[p + 1];
            int len = to - from;
            double[] scores = new double[len];
            float[] row = new float[len];
            // this pair's keys per head, transposed (kT[c][j]): a query's scores are then axpys over j, vectorised
            float[][] kT = new float[d][len];
            for (int j = 0; j < len; j++) {
                float[] kj = k[from + j];
                for (int c = 0; c < d; c++) {
                    kT[c][j] = kj[c];
                }
            }
            for (int h = 0; h < heads; h++) {
                int off = h * dh;
                for (int i = from; i < to; i++) {
                    float[] qi = q[i];
                    java.util.Arrays.fill(row, 0f);
                    for (int c = 0; c < dh; c++) {
                        float qc = qi[off + c];
                        float[] kc = kT[off + c];
                        for (int j = 0; j < len; j++) {
                            row[j] += qc * kc[j];
                        }
                    }
                    double max = Double.NEGATIVE_INFINITY;
                    for (int j = 0; j < len; j++) {
                        scores[j] = row[j] * scale;
                        max = Math.max(max, scores[j]);
                    }
                    double total = 0;
                    for (int j = 0; j < scores.length; j++) {
                        scores[j] = Math.exp(scores[j] - max);
                        total += scores[j];
                    }
                    float[] ai = attended[i];
                    for (int j = from; j < to; j++) {
                        float a = (float) (scores[j - from] / total);
                        if (a < TINY) {
                            // a float this small is subnormal, and subnormal arithmetic is ~100x slower on x86;
                            // what it would add is below float rounding of the sum
                            continue;
                        }
                        float[] vj = v[j];
                        for (int c = 0; c < dh; c++) {
                            ai[off + c] += a * vj[off + c];
                        }
                    }
                }
            }
        }
        float[][] h1 = multiply(attended, cWo, d);
        float[] bo = context.bo();
        for (int i = 0; i < rows; i++) {
            float[] hi = h1[i];
            float[] xi = x[i];
            for (int c = 0; c < d; c++) {
                hi[c] = xi[c] + hi[c] + bo[c];
            }
        }
        float[][] inner = multiply(layerNorm(h1, context.ln2Gain(), context.ln2Bias()), w1, hidden);
        float[] b1 = context.b1();
        for (float[] row : inner) {
            for (int c = 0; c < hidden; c++) {
                row[c] = gelu(row[c] + b1[c]);
            }
        }
        float[][] y = multiply(inner, w2, d);
        float[] b2 = context.b2();
        for (int i = 0; i < rows; i++) {
            float[] yi = y[i];
            float[] hi = h1[i];
            for (int c = 0; c < d; c++) {
                yi[c] = hi[c] + yi[c] + b2[c];
            }
        }
        return y;
    }

    private static float[][] layerNorm(float[][] x, float[] gain, float[] bias) {
        float[][] out = new float[x.length][];
        for (int i = 0; i < x.length; i++) {
            float[] xi = x[i];
            double mean = 0;
            for (float v : xi) {
                mean += v;
            }
            mean /= xi.length;
            double variance = 0;
            for (float v : xi) {
                variance += (v - mean) * (v - mean);
            }
            variance /= xi.length;
            double inv = 1 / Math.sqrt(variance + ContextLayer.LN_EPSILON);
            float[] o = new float[xi.length];
            for (int c = 0; c < xi.length; c++) {
                o[c] = (float) ((xi[c] - mean) * inv) * gain[c] + bias[c];
            }
            out[i] = o;
        }
        return out;
    }

    /** GELU in its tanh form, tanh(u) = 1 - 2 / (e^2u + 1): Math.exp is an intrinsic, Math.tanh is not. */
    static float gelu(float x) {
        double u = Math.sqrt(2 / Math.PI) * (x + 0.044715 * x * x * x);
        double tanh = 1 - 2 / (Math.exp(2 * u) + 1);
        double y = 0.5 * x * (1 + tanh);
        // flushed to zero before it becomes a subnormal float (see TINY)
        return Math.abs(y) < TINY ? 0f : (float) y;
    }

    /** Below this, activations are flushed to zero: far above the subnormal range, far below float rounding. */
    static final float TINY = 1e-30f;

    /**
     * x (rows x in) times w (in x cols). One output row at a time, accumulating a scaled weight row into it: the
     * inner loop is a float axpy over two separate arrays at the same index, which the JIT compiles to full-width
     * vector instructions (16 floats with AVX-512); blocking several rows into one loop defeats that.
     */
    static float[][] multiply(float[][] x, float[][] w, int cols) {
        int rows = x.length;
        float[][] out = new float[rows][cols];
        // a block of weight rows stays in the core's cache while every token row passes over it
        int block = Math.max(8, (64 * 1024) / (4 * cols));
        for (int k0 = 0; k0 < w.length; k0 += block) {
            int k1 = Math.min(w.length, k0 + block);
            for (int r = 0; r < rows; r++) {
                float[] xr = x[r];
                float[] y = out[r];
                for (int k = k0; k < k1; k++) {
                    float a = xr[k];
                    if (a == 0) {
                        continue;
                    }
                    float[] wk = w[k];
                    for (int c = 0; c < cols; c++) {
                        y[c] += a * wk[c];
                    }
                }
            }
        }
        return out;
    }

    private static double dot(float[] a, float[] b) {
        // four float partial sums vectorise; summed in double at the end
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int k = 0;
        for (; k + 4 <= a.length; k += 4) {
            s0 += a[k] * b[k];
            s1 += a[k + 1] * b[k + 1];
            s2 += a[k + 2] * b[k + 2];
            s3 += a[k + 3] * b[k + 3];
        }
        double s = (double) s0 + s1 + s2 + s3;
        for (; k < a.length; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    /** A private copy: the head's arrays are reachable from outside and could be changed under the kernel. */
    private static float[][] copy(float[][] m) {
        float[][] out = new float[m.length][];
        for (int r = 0; r < m.length; r++) {
            out[r] = m[r].clone();
        }
        return out;
    }
}
