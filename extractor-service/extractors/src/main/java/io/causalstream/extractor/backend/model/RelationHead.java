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

    public RelationHead(String encoder, int d, int hidden, float threshold, float[] w1, float[] b1, float[] w2,
                        float[] b2) {
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
        return new RelationHead(encoder, d, hidden, t, w1, b1, w2, b2);
    }

    /**
     * The class probabilities of every ordered pair: {@code [i][j]} is {none, increase, decrease} for cause i and
     * effect j, or null when the pair cannot be an edge (same or overlapping concepts).
     */
    public float[][][] score(SentenceFeatures f) {
        int n = f.spans().size();
        int in = SentenceFeatures.dimension(d);
        float[][] asCause = new float[n][];
        float[][] asEffect = new float[n][];
        for (int k = 0; k < n; k++) {
            asCause[k] = project(f.spanVector(k), 0, in);
            asEffect[k] = project(f.spanVector(k), d, in);
        }
        float[] base = project(f.sentenceVector(), 3 * d, in);
        for (int h = 0; h < hidden; h++) {
            base[h] += b1[h];
        }
        int[] starts = f.pieceStarts();
        float[][] pieces = new float[starts.length][];
        float[][][] out = new float[n][n][];
        float[] x = new float[hidden];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (!f.pairable(i, j)) {
                    continue;
                }
                int[] gap = f.gap(i, j);
                float[] between = new float[hidden];
                int count = 0;
                for (int p = 0; p < starts.length; p++) {
                    if (starts[p] >= gap[0] && starts[p] < gap[1]) {
                        if (pieces[p] == null) {
                            pieces[p] = project(f.pieces()[p], 2 * d, in);
                        }
                        for (int h = 0; h < hidden; h++) {
                            between[h] += pieces[p][h];
                        }
                        count++;
                    }
                }
                float[] s = f.scalars(i, j);
                for (int h = 0; h < hidden; h++) {
                    float v = base[h] + asCause[i][h] + asEffect[j][h] + (count > 1 ? between[h] / count : between[h]);
                    int row = h * in + 4 * d;
                    for (int k = 0; k < SentenceFeatures.SCALARS; k++) {
                        v += w1[row + k] * s[k];
                    }
                    x[h] = v > 0 ? v : 0;
                }
                out[i][j] = softmax(x);
            }
        }
        return out;
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

    private float[] project(float[] v, int column, int in) {
        float[] out = new float[hidden];
        for (int h = 0; h < hidden; h++) {
            int row = h * in + column;
            float sum = 0;
            for (int k = 0; k < d; k++) {
                sum += w1[row + k] * v[k];
            }
            out[h] = sum;
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
            return new RelationHead(encoder, d, hidden, threshold, w1, b1, w2, b2);
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
