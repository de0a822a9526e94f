package io.causalstream.extractor.backend.model;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The trained relation classifier over one ordered pair of concepts: a two-layer perceptron on
 * {@link SentenceFeatures} ({@code relu(W1 x + b1)}, then {@code W2 h + b2} and a softmax over none / increase /
 * decrease), trained with DJL (see the research module's {@code extractor-train}) and run here in plain Java: the
 * first layer is linear in each block of the input, so every concept, the sentence and every word piece are
 * projected once and a pair costs only a sum of projections plus the small second layer.
 *
 * <p>File format (gzip): the magic {@value #MAGIC}, the encoder name, d, hidden, the decision threshold, then W1
 * (hidden x (4d + scalars), row-major), b1, W2 (3 x hidden), b2 as floats. Immutable and thread-safe.
 */
public final class RelationHead {

    public static final String MAGIC = "causal-stream-relation-head/1";
    public static final int NONE = 0;
    public static final int INCREASE = 1;
    public static final int DECREASE = 2;
    public static final int CLASSES = 3;

    private final String encoder;
    private final int d;
    private final int hidden;
    private final float threshold;
    private final float[] w1;
    private final float[] b1;
    private final float[] w2;
    private final float[] b2;
    /** W1 transposed ([input][hidden]), so a projection is a sum of scaled contiguous rows. */
    private final float[] transposed;

    /**
     * The two layers' parameters, as the file holds them.
     *
     * @param w1 hidden x (4d + scalars), row-major
     * @param b1 hidden
     * @param w2 3 x hidden, row-major
     * @param b2 3
     */
    public record Weights(float[] w1, float[] b1, float[] w2, float[] b2) {
    }

    /**
     * @param encoder   the name of the encoder whose features it reads
     * @param d         the encoder's dimension
     * @param hidden    the width of the first layer
     * @param threshold the decision threshold (see {@link #threshold()})
     */
    public RelationHead(String encoder, int d, int hidden, float threshold, Weights weights) {
        float[] w1 = weights.w1();
        float[] b1 = weights.b1();
        float[] w2 = weights.w2();
        float[] b2 = weights.b2();
        int in = SentenceFeatures.dimension(d);
        if (w1.length != hidden * in || b1.length != hidden || w2.length != CLASSES * hidden || b2.length != CLASSES) {
            throw new IllegalArgumentException("relation head parameters do not fit d=" + d + " hidden=" + hidden);
        }
        this.encoder = encoder;
        this.d = d;
        this.hidden = hidden;
        this.threshold = threshold;
        this.w1 = w1;
        this.b1 = b1;
        this.w2 = w2;
        this.b2 = b2;
        this.transposed = new float[w1.length];
        for (int h = 0; h < hidden; h++) {
            for (int k = 0; k < in; k++) {
                transposed[k * hidden + h] = w1[h * in + k];
            }
        }
    }

    public String encoder() {
        return encoder;
    }

    public int dimension() {
        return d;
    }

    public int hidden() {
        return hidden;
    }

    /** The decision threshold chosen on the validation split: an edge needs P(increase or decrease) at least this. */
    public float threshold() {
        return threshold;
    }

    public RelationHead withThreshold(float t) {
        return new RelationHead(encoder, d, hidden, t, new Weights(w1, b1, w2, b2));
    }

    /**
     * The class probabilities of every ordered pair: {@code [i][j]} is {none, increase, decrease} for cause i and
     * effect j, or null when the pair cannot be an edge (same or overlapping concepts). Each concept, the sentence
     * and each word piece is projected through its block of the first layer once (an axpy over the transposed block,
     * which the JIT vectorises); the "between" block of a pair is a difference of running sums of the projected
     * pieces.
     */
    public float[][][] score(SentenceFeatures f) {
        int n = f.spans().size();
        float[][] asCause = new float[n][];
        float[][] asEffect = new float[n][];
        for (int k = 0; k < n; k++) {
            asCause[k] = project(f.spanVector(k), 0);
            asEffect[k] = project(f.spanVector(k), 1);
        }
        float[] base = project(f.sentenceVector(), 3);
        for (int h = 0; h < hidden; h++) {
            base[h] += b1[h];
        }
        int[] starts = f.pieceStarts();
        float[][] pieces = f.pieces();
        // running sums of the projected aligned pieces: sums[p] is the sum over aligned pieces before p
        float[][] sums = new float[starts.length + 1][];
        int[] counts = new int[starts.length + 1];
        sums[0] = new float[hidden];
        for (int p = 0; p < starts.length; p++) {
            if (starts[p] >= 0) {
                float[] next = project(pieces[p], 2);
                float[] previous = sums[p];
                for (int h = 0; h < hidden; h++) {
                    next[h] += previous[h];
                }
                sums[p + 1] = next;
                counts[p + 1] = counts[p] + 1;
            } else {
                sums[p + 1] = sums[p];
                counts[p + 1] = counts[p];
            }
        }
        float[][][] out = new float[n][n][];
        float[] x = new float[hidden];
        float[] between = new float[hidden];
        int scalarColumn = 4 * d;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (!f.pairable(i, j)) {
                    continue;
                }
                int[] gap = f.gap(i, j);
                // aligned pieces start in order, so those inside the gap lie between the first piece at or after
                // its start and the first piece at or after its end
                int lo = firstAtOrAfter(starts, gap[0]);
                int hi = Math.max(lo, firstAtOrAfter(starts, gap[1]));
                int count = counts[hi] - counts[lo];
                float scale = count > 1 ? 1f / count : 1f;
                float[] upper = sums[hi];
                float[] lower = sums[lo];
                float[] cause = asCause[i];
                float[] effect = asEffect[j];
                for (int h = 0; h < hidden; h++) {
                    between[h] = (upper[h] - lower[h]) * scale;
                }
                float[] s = f.scalars(i, j);
                for (int h = 0; h < hidden; h++) {
                    x[h] = base[h] + cause[h] + effect[h] + between[h];
                }
                for (int k = 0; k < SentenceFeatures.SCALARS; k++) {
                    float v = s[k];
                    if (v != 0) {
                        int row = (scalarColumn + k) * hidden;
                        for (int h = 0; h < hidden; h++) {
                            x[h] += transposed[row + h] * v;
                        }
                    }
                }
                for (int h = 0; h < hidden; h++) {
                    x[h] = x[h] > 0 ? x[h] : 0;
                }
                out[i][j] = softmax(x);
            }
        }
        return out;
    }

    /** The first aligned piece starting at or after {@code c} (pieces before it that are not aligned count too). */
    private static int firstAtOrAfter(int[] starts, int c) {
        for (int p = 0; p < starts.length; p++) {
            if (starts[p] >= c) {
                return p;
            }
        }
        return starts.length;
    }

    /** The probabilities of one feature vector laid out as {@link SentenceFeatures#write}: the reference path. */
    public float[] probabilities(float[] features) {
        int in = SentenceFeatures.dimension(d);
        float[] x = new float[hidden];
        for (int h = 0; h < hidden; h++) {
            float v = b1[h];
            for (int k = 0; k < in; k++) {
                v += w1[h * in + k] * features[k];
            }
            x[h] = v > 0 ? v : 0;
        }
        return softmax(x);
    }

    /** {@code v} through block {@code block} (0 cause, 1 effect, 2 between, 3 sentence) of the first layer. */
    private float[] project(float[] v, int block) {
        float[] out = new float[hidden];
        int column = block * d;
        for (int k = 0; k < d; k++) {
            float vk = v[k];
            if (vk == 0) {
                continue;
            }
            int row = (column + k) * hidden;
            for (int h = 0; h < hidden; h++) {
                out[h] += transposed[row + h] * vk;
            }
        }
        return out;
    }

    private float[] softmax(float[] x) {
        float[] logits = new float[CLASSES];
        float max = Float.NEGATIVE_INFINITY;
        for (int c = 0; c < CLASSES; c++) {
            float v = b2[c];
            for (int h = 0; h < hidden; h++) {
                v += w2[c * hidden + h] * x[h];
            }
            logits[c] = v;
            max = Math.max(max, v);
        }
        float sum = 0;
        for (int c = 0; c < CLASSES; c++) {
            logits[c] = (float) Math.exp(logits[c] - max);
            sum += logits[c];
        }
        for (int c = 0; c < CLASSES; c++) {
            logits[c] /= sum;
        }
        return logits;
    }

    public void write(OutputStream raw) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new GZIPOutputStream(raw))) {
            out.writeUTF(MAGIC);
            out.writeUTF(encoder);
            out.writeInt(d);
            out.writeInt(hidden);
            out.writeFloat(threshold);
            for (float[] a : new float[][] {w1, b1, w2, b2}) {
                for (float v : a) {
                    out.writeFloat(v);
                }
            }
        }
    }

    public static RelationHead read(InputStream raw) throws IOException {
        try (DataInputStream in = new DataInputStream(new GZIPInputStream(raw, 1 << 16))) {
            String magic = in.readUTF();
            if (!magic.equals(MAGIC)) {
                throw new IOException("not a relation head (" + magic + ")");
            }
            String encoder = in.readUTF();
            int d = in.readInt();
            int hidden = in.readInt();
            float threshold = in.readFloat();
            int inputs = SentenceFeatures.dimension(d);
            float[] w1 = floats(in, hidden * inputs);
            float[] b1 = floats(in, hidden);
            float[] w2 = floats(in, CLASSES * hidden);
            float[] b2 = floats(in, CLASSES);
            return new RelationHead(encoder, d, hidden, threshold, new Weights(w1, b1, w2, b2));
        }
    }

    private static float[] floats(DataInputStream in, int n) throws IOException {
        byte[] bytes = new byte[n * 4];
        in.readFully(bytes);
        java.nio.FloatBuffer fb = java.nio.ByteBuffer.wrap(bytes).asFloatBuffer();
        float[] out = new float[n];
        fb.get(out);
        return out;
    }
}
