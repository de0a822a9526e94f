package io.causalstream.cesar;

import java.util.Arrays;

/**
 * The learned part of CESAR on top of a frozen encoder: an optional projection that turns the encoder's token
 * embeddings into "causal embeddings" (standing in for the paper's fine-tuning of BERT, which a CPU cannot afford)
 * and the causality-aware attention weights Wq, Wk (p x p).
 *
 * <p>Causal embeddings: the encoder's token embeddings of the whole pair, through an optional {@link ContextLayer}
 * (a transformer layer over the joint sequence), then an optional residual projection {@code x + (x P + b)}; both
 * are the identity when untrained, so training starts from the encoder's own geometry. Immutable and thread-safe.
 *
 * @param encoder      the encoder the head was trained on (embeddings of another encoder mean nothing to it)
 * @param context      a transformer layer over the joint sequence, or null
 * @param projection   d x d matrix, or null for no projection
 * @param bias         d entries, or null
 * @param wq           query weights, d x d
 * @param wk           key weights, d x d
 * @param description  free text written by the trainer (data, seed, epochs, scores)
 */
public record CesarHead(String encoder, ContextLayer context, float[][] projection, float[] bias, float[][] wq,
                        float[][] wk, String description) {

    public CesarHead {
        int d = wq.length;
        if (d == 0 || wq[0].length != d || wk.length != d || wk[0].length != d) {
            throw new IllegalArgumentException("Wq and Wk must be square and of the same size");
        }
        if (projection != null && (projection.length != d || projection[0].length != d || bias == null
                || bias.length != d)) {
            throw new IllegalArgumentException("projection must be d x d with a bias of d entries, d = " + d);
        }
        if (context != null && context.dimension() != d) {
            throw new IllegalArgumentException("context layer of size " + context.dimension() + " does not fit d = " + d);
        }
        description = description == null ? "" : description;
    }

    /** A head without context layer. */
    public CesarHead(String encoder, float[][] projection, float[] bias, float[][] wq, float[][] wk,
                     String description) {
        this(encoder, null, projection, bias, wq, wk, description);
    }

    public CesarHead withDescription(String text) {
        return new CesarHead(encoder, context, projection, bias, wq, wk, text);
    }

    /** A head without projection: CESAR exactly as equation (3), on the raw encoder output. */
    public static CesarHead withoutProjection(String encoder, float[][] wq, float[][] wk) {
        return new CesarHead(encoder, null, null, wq, wk, "");
    }

    public int dimension() {
        return wq.length;
    }

    /**
     * The causal embedding of every token of one encoded pair (all of its tokens, cause side first, so the context
     * layer sees the whole sequence).
     */
    public double[][] causalEmbeddings(float[][] x) {
        double[][] out = new double[x.length][];
        for (int r = 0; r < x.length; r++) {
            if (x[r].length != dimension()) {
                throw new IllegalArgumentException("embedding size " + x[r].length + " does not match the head's "
                        + dimension() + " (trained on " + encoder + ")");
            }
            out[r] = new double[x[r].length];
            for (int k = 0; k < x[r].length; k++) {
                out[r][k] = x[r][k];
            }
        }
        if (context != null) {
            out = context.apply(out);
        }
        if (projection == null) {
            return out;
        }
        double[][] shifted = CesarStrength.multiply(out, projection);
        for (int r = 0; r < out.length; r++) {
            for (int k = 0; k < out[r].length; k++) {
                out[r][k] += shifted[r][k] + bias[k];
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "CesarHead[encoder=" + encoder + ", d=" + dimension() + ", context=" + (context != null)
                + ", projection=" + (projection != null) + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CesarHead h && encoder.equals(h.encoder) && java.util.Objects.equals(context, h.context)
                && Arrays.deepEquals(projection, h.projection)
                && Arrays.equals(bias, h.bias) && Arrays.deepEquals(wq, h.wq) && Arrays.deepEquals(wk, h.wk)
                && description.equals(h.description);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(new Object[] {encoder, context, projection, bias, wq, wk, description});
    }
}
