package io.causalstream.cesar;

/**
 * The arithmetic of CESAR, equation (3)/(6) of the delta-CAUSAL paper, on given token embeddings:
 *
 * <pre>
 *   Q = C Wq,  K = E Wk,  A = softmax(Q K^T)   -- softmax over ALL n x m entries, so sum_ij a_ij = 1
 *   M_ij = |c_i . e_j| / (|c_i| |e_j|)          -- causal embedding association
 *   CS(C -> E) = sum_ij a_ij M_ij               -- S = A o M (Hadamard), summed
 * </pre>
 *
 * C holds the n cause-side token embeddings ([CLS] and every [SEP] of the cause segment kept), E the m effect-side
 * ones (its closing [SEP] kept); c_i and e_j are the head's causal embeddings of them, computed over the pair as one
 * sequence. The score lies in [0, 1]. Pure function, thread-safe.
 */
public final class CesarStrength {

    /** The three matrices of the paper's Figure 6 and their sum. */
    public record Breakdown(double[][] association, double[][] attention, double[][] strength, double score) {
    }

    /** CS(C -> E) with the weights of {@code head}; {@code c} and {@code e} are raw encoder outputs. */
    public static double score(CesarHead head, float[][] c, float[][] e) {
        return breakdown(head, c, e).score();
    }

    public static Breakdown breakdown(CesarHead head, float[][] c, float[][] e) {
        if (c.length == 0 || e.length == 0) {
            throw new IllegalArgumentException("cause and effect need at least one token each");
        }
        float[][] pair = new float[c.length + e.length][];
        System.arraycopy(c, 0, pair, 0, c.length);
        System.arraycopy(e, 0, pair, c.length, e.length);
        double[][] all = head.causalEmbeddings(pair);
        double[][] cp = java.util.Arrays.copyOfRange(all, 0, c.length);
        double[][] ep = java.util.Arrays.copyOfRange(all, c.length, all.length);
        double[][] q = multiply(cp, head.wq());
        double[][] k = multiply(ep, head.wk());
        int n = cp.length;
        int m = ep.length;
        double[][] logits = new double[n][m];
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                logits[i][j] = dot(q[i], k[j]);
                max = Math.max(max, logits[i][j]);
            }
        }
        double total = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                logits[i][j] = Math.exp(logits[i][j] - max);
                total += logits[i][j];
            }
        }
        double[] cNorm = norms(cp);
        double[] eNorm = norms(ep);
        double[][] association = new double[n][m];
        double[][] strength = new double[n][m];
        double score = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                logits[i][j] /= total;
                double denominator = cNorm[i] * eNorm[j];
                association[i][j] = denominator == 0 ? 0 : Math.abs(dot(cp[i], ep[j])) / denominator;
                strength[i][j] = logits[i][j] * association[i][j];
                score += strength[i][j];
            }
        }
        return new Breakdown(association, logits, strength, Math.min(1.0, score));
    }

    static double[][] multiply(double[][] x, float[][] w) {
        int cols = w[0].length;
        double[][] out = new double[x.length][cols];
        for (int r = 0; r < x.length; r++) {
            double[] row = out[r];
            for (int k = 0; k < w.length; k++) {
                double v = x[r][k];
                if (v == 0) {
                    continue;
                }
                float[] wk = w[k];
                for (int col = 0; col < cols; col++) {
                    row[col] += v * wk[col];
                }
            }
        }
        return out;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    private static double[] norms(double[][] rows) {
        double[] out = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            out[r] = Math.sqrt(dot(rows[r], rows[r]));
        }
        return out;
    }

    private CesarStrength() {
    }
}
