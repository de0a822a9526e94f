package io.causalstream.cesar;

import io.causalstream.encoder.OnnxMatMul;
import java.util.List;

/**
 * The arithmetic of {@link CesarStrength} made fast: the same equations in float instead of double (twice the
 * vector lanes, half the memory traffic), with the linear layers run over the tokens of many pairs stacked into one
 * matrix (a weight matrix stays in cache for all of them) and a matmul whose inner loop the JIT vectorises.
 * {@code Q K^T} is computed as {@code C (Wq Wk^T) E^T}, one d x d product instead of two. Softmax, norms and the
 * final sum stay in double. Agrees with {@link CesarStrength#score} to float rounding (about 1e-6;
 * a test holds it to 1e-4). Immutable, thread-safe.
 *
 * <p>The products with the weight matrices (Q, K and V fused into one, Wo, the feed-forward block with its GELU, the projection, and
 * {@code Wq Wk^T} over the cause rows of every pair at once) run through ONNX Runtime's GEMM ({@link OnnxMatMul})
 * when it loads, which is several times faster than the JIT's loops; else, or when asked, through
 * {@link #multiply}. The products are about nine tenths of the head's arithmetic.
 *
 * <p>Why this is long: the head's whole arithmetic, each product in two forms (ONNX Runtime's GEMM, the JIT's loop).
 */
public final class CesarKernel {

    private final int d;
    private final ContextLayer context;
    private final boolean onnx;
    /** x -> [x Wq | x Wk | x Wv] of the context layer. */
    private final Product qkv;
    private final Product cWo;
    /** x -> GELU(x W1 + b1) W2. */
    private final Product feedForward;
    private final Product projection;
    private final float[] bias;
    private final Product wqk;

    /** The kernel with its products through ONNX Runtime when it loads on this machine, else in Java. */
    public CesarKernel(CesarHead head) {
        this(head, OnnxMatMul.available());
    }

    /** @param onnx the products through ONNX Runtime (it must load), or through the Java loops */
    public CesarKernel(CesarHead head, boolean onnx) {
        this.onnx = onnx;
        d = head.dimension();
        context = head.context();
        if (context != null) {
            float[][] fused = new float[d][3 * d];
            for (int r = 0; r < d; r++) {
                System.arraycopy(context.wq()[r], 0, fused[r], 0, d);
                System.arraycopy(context.wk()[r], 0, fused[r], d, d);
                System.arraycopy(context.wv()[r], 0, fused[r], 2 * d, d);
            }
            qkv = product(fused, onnx);
            cWo = product(context.wo(), onnx);
            feedForward = onnx ? OnnxMatMul.feedForward(context.w1(), context.b1(), context.w2())::multiply
                    : javaFeedForward(context);
        } else {
            qkv = cWo = feedForward = null;
        }
        projection = head.projection() == null ? null : product(head.projection(), onnx);
        bias = head.bias();
        // (C Wq)(E Wk)^T = C (Wq Wk^T) E^T, the product taken in double once
        float[][] wqk = wqk(head);
        this.wqk = product(wqk, onnx);
    }

    /** Wq Wk^T of the head, taken in double, rounded to float once. */
    static float[][] wqk(CesarHead head) {
        int d = head.dimension();
        float[][] wq = head.wq();
        float[][] wk = head.wk();
        float[][] wqk = new float[d][d];
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
        return wqk;
    }

    /** y = x W for a fixed W. */
    private interface Product {
        float[][] times(float[][] x);
    }

    private static Product product(float[][] w, boolean onnx) {
        if (onnx) {
            OnnxMatMul m = OnnxMatMul.of(w);
            return m::multiply;
        }
        float[][] own = copy(w);
        int cols = own[0].length;
        return x -> multiply(x, own, cols);
    }

    /** Whether the products run through ONNX Runtime. */
    public boolean onnx() {
        return onnx;
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
            float[][] shifted = projection.times(x);
            for (int r = 0; r < x.length; r++) {
                float[] xr = x[r];
                float[] sr = shifted[r];
                for (int k = 0; k < d; k++) {
                    xr[k] += sr[k] + bias[k];
                }
            }
        }
        // G = C (Wq Wk^T): the cause rows of every pair in one product
        int[] gStart = new int[pairs + 1];
        for (int p = 0; p < pairs; p++) {
            gStart[p + 1] = gStart[p] + causes.get(p).length;
        }
        float[][] causeRows = new float[gStart[pairs]][];
        for (int p = 0; p < pairs; p++) {
            System.arraycopy(x, start[p], causeRows, gStart[p], causes.get(p).length);
        }
        float[][] g = wqk.times(causeRows);
        double[] out = new double[pairs];
        for (int p = 0; p < pairs; p++) {
            out[p] = score(x, g, gStart[p], start[p], start[p] + causes.get(p).length, start[p + 1]);
        }
        return out;
    }

    private float[] checked(float[] v) {
        if (v.length != d) {
            throw new IllegalArgumentException("embedding size " + v.length + " does not match the head's " + d);
        }
        return v;
    }

    /** Rows [from, split) are the cause, [split, to) the effect; g[gFrom + i] is cause row i times Wq Wk^T. */
    private double score(float[][] x, float[][] g, int gFrom, int from, int split, int to) {
        int n = split - from;
        int m = to - split;
        double[][] logits = new double[n][m];
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                double l = dot(g[gFrom + i], x[split + j]);
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
        float[][] fused = qkv.times(normed);
        float[][] q = new float[rows][];
        float[][] k = new float[rows][];
        float[][] v = new float[rows][];
        for (int i = 0; i < rows; i++) {
            float[] f = fused[i];
            q[i] = java.util.Arrays.copyOfRange(f, 0, d);
            k[i] = java.util.Arrays.copyOfRange(f, d, 2 * d);
            v[i] = java.util.Arrays.copyOfRange(f, 2 * d, 3 * d);
        }
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
        float[][] h1 = cWo.times(attended);
        float[] bo = context.bo();
        for (int i = 0; i < rows; i++) {
            float[] hi = h1[i];
            float[] xi = x[i];
            for (int c = 0; c < d; c++) {
                hi[c] = xi[c] + hi[c] + bo[c];
            }
        }
        float[][] y = feedForward.times(layerNorm(h1, context.ln2Gain(), context.ln2Bias()));
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

    private static Product javaFeedForward(ContextLayer context) {
        Product w1 = product(context.w1(), false);
        Product w2 = product(context.w2(), false);
        float[] b1 = context.b1().clone();
        return x -> {
            float[][] inner = w1.times(x);
            for (float[] row : inner) {
                for (int c = 0; c < b1.length; c++) {
                    row[c] = gelu(row[c] + b1[c]);
                }
            }
            return w2.times(inner);
        };
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
