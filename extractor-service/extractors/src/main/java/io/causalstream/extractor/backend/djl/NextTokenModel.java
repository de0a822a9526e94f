package io.causalstream.extractor.backend.djl;

/**
 * A causal language model seen from the decoding loop: the logits of the token that follows a sequence. Not
 * thread-safe in general: one search uses one instance at a time.
 */
public interface NextTokenModel {

    /** Logits over the vocabulary for the position after {@code tokens}. */
    float[] nextTokenLogits(long[] tokens);
}
