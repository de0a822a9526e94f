package io.causalstream.measures.neural;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.encoder.Vectors;
import io.causalstream.measures.NodeSimilarity;

/**
 * Node similarity as the cosine of mean-pooled sentence embeddings (the sentence-transformers recipe of
 * all-MiniLM-L6-v2: mean over every token under the attention mask, [CLS] and [SEP] included). Cosine is clamped
 * to [0, 1] as {@link NodeSimilarity} requires (opposite vectors are "not similar", not "negatively similar").
 * Symmetric. Empty or blank labels score 0 against anything, as two empty strings carry no meaning to match.
 *
 * <p>Thread-safe; label embeddings are cached, and {@link #prepare} encodes a whole graph's labels in one batch.
 */
public final class MeanPooledCosine extends EmbeddingSimilarity {

    public MeanPooledCosine(TokenEncoder encoder) {
        this(encoder, NeuralMeasures.measureName(encoder, "cosine"), NeuralMeasures.DEFAULT_CACHE);
    }

    public MeanPooledCosine(TokenEncoder encoder, String name, int cacheCapacity) {
        super(encoder, name, cacheCapacity);
    }

    @Override
    double compare(TokenEmbeddings predicted, TokenEmbeddings gold) {
        return Vectors.clamp01(Vectors.cosine(predicted.meanPooled(), gold.meanPooled()));
    }
}
