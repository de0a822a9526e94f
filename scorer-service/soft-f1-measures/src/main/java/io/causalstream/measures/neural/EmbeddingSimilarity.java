package io.causalstream.measures.neural;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.measures.NodeSimilarity;
import java.util.Collection;
import java.util.List;

/**
 * What the neural node similarities share: a name, a cache of label embeddings (filled a graph at a time by
 * {@link #prepare}), and the rule that an empty or blank label scores 0 against anything, as two empty strings
 * carry no meaning to match. Subclasses only compare two labels' token embeddings. Thread-safe.
 */
abstract class EmbeddingSimilarity implements NodeSimilarity {

    private final String name;
    private final EmbeddingCache cache;

    EmbeddingSimilarity(TokenEncoder encoder, String name, int cacheCapacity) {
        this.name = name;
        this.cache = new EmbeddingCache(encoder, cacheCapacity);
    }

    /** The similarity in [0, 1] of two non-blank labels, from their token embeddings. */
    abstract double compare(TokenEmbeddings predicted, TokenEmbeddings gold);

    @Override
    public final String name() {
        return name;
    }

    /** Encodes the labels in one batch, so the pairwise calls that follow hit the cache. */
    @Override
    public final void prepare(Collection<String> labels) {
        cache.getAll(labels.stream().filter(l -> l != null && !l.isBlank()).toList());
    }

    @Override
    public final double similarity(String predicted, String gold) {
        if (predicted == null || gold == null || predicted.isBlank() || gold.isBlank()) {
            return 0.0;
        }
        List<TokenEmbeddings> both = cache.getAll(List.of(predicted, gold));
        return compare(both.get(0), both.get(1));
    }

    @Override
    public final String toString() {
        return name;
    }
}
