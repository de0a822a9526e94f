package io.causalstream.scorer.neural;

import io.causalstream.scorer.encoder.TokenEncoder;
import io.causalstream.scorer.encoder.Vectors;
import io.causalstream.scorer.measures.NodeSimilarity;
import java.util.Collection;

/**
 * Node similarity as the cosine of mean-pooled sentence embeddings (the sentence-transformers recipe of
 * all-MiniLM-L6-v2: mean over every token under the attention mask, [CLS] and [SEP] included). Cosine is clamped
 * to [0, 1] as {@link NodeSimilarity} requires (opposite vectors are "not similar", not "negatively similar").
 * Symmetric. Empty or blank labels score 0 against anything, as two empty strings carry no meaning to match.
 *
 * <p>Thread-safe; label embeddings are cached, and {@link #prepare} encodes a whole graph's labels in one batch.
 */
public final class MeanPooledCosine implements NodeSimilarity {

    private final String name;
    private final EmbeddingCache cache;

    public MeanPooledCosine(TokenEncoder encoder) {
        this(encoder, NeuralMeasures.measureName(encoder, "cosine"), NeuralMeasures.DEFAULT_CACHE);
    }

    public MeanPooledCosine(TokenEncoder encoder, String name, int cacheCapacity) {
        this.name = name;
        this.cache = new EmbeddingCache(encoder, cacheCapacity);
    }

    @Override
    public String name() {
        return name;
    }

    /** Encodes the labels in one batch, so the pairwise calls that follow hit the cache. */
    @Override
    public void prepare(Collection<String> labels) {
        cache.getAll(labels.stream().filter(l -> l != null && !l.isBlank()).toList());
    }

    @Override
    public double similarity(String predicted, String gold) {
        if (predicted == null || gold == null || predicted.isBlank() || gold.isBlank()) {
            return 0.0;
        }
        var both = cache.getAll(java.util.List.of(predicted, gold));
        return Vectors.clamp01(Vectors.cosine(both.get(0).meanPooled(), both.get(1).meanPooled()));
    }

    @Override
    public String toString() {
        return name;
    }
}
