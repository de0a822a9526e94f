package io.causalstream.encoder;

import java.util.List;

/**
 * A transformer text encoder returning contextual token embeddings (last hidden layer).
 *
 * <p>Implementations are loaded once and are safe to call from many threads at the same time; batches are the unit
 * of work, so callers that have many texts should pass them in one call.
 */
public interface TokenEncoder extends AutoCloseable {

    /** A short name of the model, used in measure names and model cards (e.g. all-minilm-l6-v2). */
    String name();

    /** The embedding size d. */
    int dimension();

    /** Encodes each text on its own: {@code [CLS] text [SEP]}. The result is in input order. */
    List<TokenEmbeddings> encode(List<String> texts);

    /** Encodes each pair jointly: {@code [CLS] first [SEP] second [SEP]}. The result is in input order. */
    List<TokenEmbeddings> encodePairs(List<TextPair> pairs);

    /**
     * This encoder's model with {@code head} appended to its graph (see {@link PairModel} for what the head reads and
     * writes), or empty when this encoder cannot (not an ONNX Runtime model, or one without the inputs the head
     * reads): callers then run the head on {@link #encodePairs}' output themselves.
     */
    default java.util.Optional<PairModel> withPairHead(OnnxGraph head) {
        return java.util.Optional.empty();
    }

    /** Frees the native model; idempotent. */
    @Override
    void close();
}
