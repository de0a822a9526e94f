package io.causalstream.extractor.backend.model;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The claim detector: whether a sentence asserts causation at all, from its mean-pooled vector under the tuned
 * encoder ({@code sigmoid(w . v + b)}). A sentence below the threshold gives no triple, whatever pairs the relation
 * head scores in it: association, negated and refuted relations, questions, hedges and descriptions of a sample or of
 * statistics are what it learns to refuse (the Causal News Corpus' causal / not-causal sentences and the
 * soft-measures claims). Immutable and thread-safe.
 *
 * <p>File format: the magic {@value #MAGIC}, d, the threshold, w (d floats), b.
 */
public final class ClaimHead {

    public static final String MAGIC = "causal-stream-claim-head/1";

    private final float[] w;
    private final float b;
    private final float threshold;

    public ClaimHead(float[] w, float b, float threshold) {
        if (w.length == 0 || threshold < 0 || threshold > 1) {
            throw new IllegalArgumentException("claim head needs weights and a threshold in [0, 1]");
        }
        this.w = w.clone();
        this.b = b;
        this.threshold = threshold;
    }

    public int dimension() {
        return w.length;
    }

    /** P(claim) a sentence needs to keep its triples; chosen on the validation split. */
    public float threshold() {
        return threshold;
    }

    public ClaimHead withThreshold(float t) {
        return new ClaimHead(w, b, t);
    }

    /** P(the sentence asserts a causal relation) from its mean-pooled vector. */
    public float probability(float[] sentenceVector) {
        if (sentenceVector.length != w.length) {
            throw new IllegalArgumentException("claim head has d=" + w.length + ", vector " + sentenceVector.length);
        }
        double z = b;
        for (int k = 0; k < w.length; k++) {
            z += w[k] * sentenceVector[k];
        }
        return (float) (1 / (1 + Math.exp(-z)));
    }

    public boolean asserts(float[] sentenceVector) {
        return probability(sentenceVector) >= threshold;
    }

    public void write(OutputStream out) throws IOException {
        DataOutputStream data = new DataOutputStream(out);
        data.writeUTF(MAGIC);
        data.writeInt(w.length);
        data.writeFloat(threshold);
        for (float x : w) {
            data.writeFloat(x);
        }
        data.writeFloat(b);
        data.flush();
    }

    public static ClaimHead read(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        String magic = data.readUTF();
        if (!MAGIC.equals(magic)) {
            throw new IOException("not a claim head (" + magic + ")");
        }
        int d = data.readInt();
        if (d <= 0 || d > 1 << 16) {
            throw new IOException("claim head dimension " + d + " out of range");
        }
        float threshold = data.readFloat();
        float[] w = new float[d];
        for (int k = 0; k < d; k++) {
            w[k] = data.readFloat();
        }
        return new ClaimHead(w, data.readFloat(), threshold);
    }
}
