package io.causalstream.scorer.neural;

import io.causalstream.scorer.encoder.TokenEmbeddings;
import io.causalstream.scorer.encoder.TokenEncoder;
import io.causalstream.scorer.encoder.Vectors;
import io.causalstream.scorer.measures.NodeSimilarity;
import java.util.Collection;
import java.util.List;

/**
 * BERTScore-style node similarity (Zhang et al., 2020): every token of one label is matched greedily to its most
 * similar token of the other by cosine of contextual embeddings; precision = mean best match over the predicted
 * label's tokens, recall = mean best match over the gold label's tokens, F = 2PR / (P + R). As in BERTScore's
 * defaults, [CLS]/[SEP] are left out, no idf weighting, no baseline rescaling. F is clamped to [0, 1].
 *
 * <p>BERTScore uses a large model's intermediate layer; here any encoder can be configured
 * ({@code encoder.model.path}), its last hidden layer is used. Thread-safe; embeddings are cached.
 */
public final class GreedyTokenMatch implements NodeSimilarity {

    private final String name;
    private final EmbeddingCache cache;

    public GreedyTokenMatch(TokenEncoder encoder) {
        this(encoder, NeuralMeasures.measureName(encoder, "bertscore"), NeuralMeasures.DEFAULT_CACHE);
    }

    public GreedyTokenMatch(TokenEncoder encoder, String name, int cacheCapacity) {
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
        List<TokenEmbeddings> both = cache.getAll(List.of(predicted, gold));
        return f(both.get(0).contentVectors(), both.get(1).contentVectors());
    }

    /** The greedy-matching F of two token sets; 0 when either is empty (e.g. a label of punctuation only). */
    static double f(float[][] candidate, float[][] reference) {
        if (candidate.length == 0 || reference.length == 0) {
            return 0.0;
        }
        double[][] cos = new double[candidate.length][reference.length];
        for (int i = 0; i < candidate.length; i++) {
            for (int j = 0; j < reference.length; j++) {
                cos[i][j] = Vectors.cosine(candidate[i], reference[j]);
            }
        }
        double precision = 0;
        for (int i = 0; i < candidate.length; i++) {
            double best = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < reference.length; j++) {
                best = Math.max(best, cos[i][j]);
            }
            precision += best;
        }
        precision /= candidate.length;
        double recall = 0;
        for (int j = 0; j < reference.length; j++) {
            double best = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < candidate.length; i++) {
                best = Math.max(best, cos[i][j]);
            }
            recall += best;
        }
        recall /= reference.length;
        if (precision + recall <= 0) {
            return 0.0;
        }
        return Vectors.clamp01(2 * precision * recall / (precision + recall));
    }

    @Override
    public String toString() {
        return name;
    }
}
