package io.causalstream.encoder;

import java.util.List;

/**
 * An encoder's own model with a head appended to its graph ({@link TokenEncoder#withPairHead}): each (first, second)
 * pair is tokenized and encoded jointly as by {@link TokenEncoder#encodePairs}, and the head reads the last hidden
 * state inside the same native run, so the token embeddings never cross into Java; only the head's one number per
 * pair comes back. Thread-safe; {@link #close} frees the native model.
 */
public interface PairModel extends AutoCloseable {

    /**
     * The name under which the head's graph reads the encoder's last hidden state, a float tensor
     * [batch, tokens, d]. The head also reads the encoder's int64 inputs {@code attention_mask} and
     * {@code token_type_ids} [batch, tokens] (1 for real tokens; 0 for the first text, 1 for the second), and
     * writes one float output [batch].
     */
    String HIDDEN = "encoder_hidden_state";

    /** The head's output for every pair, in input order. */
    float[] run(List<TextPair> pairs);

    @Override
    void close();
}
