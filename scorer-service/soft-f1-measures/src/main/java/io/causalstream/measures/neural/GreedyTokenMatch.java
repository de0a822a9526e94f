package io.causalstream.measures.neural;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.encoder.Vectors;

/**
 * BERTScore-style node similarity (Zhang et al., 2020): every token of one label is matched greedily to its most
 * similar token of the other by cosine of contextual embeddings; precision = mean best match over the predicted
 * label's tokens, recall = mean best match over the gold label's tokens, F = 2PR / (P + R). As in BERTScore's
 * defaults, [CLS]/[SEP] are left out, no idf weighting, no baseline rescaling. F is clamped to [0, 1].
 *
 * <p>BERTScore uses a large model's intermediate layer; here any encoder can be configured
 * ({@code encoder.model.path}), its last hidden layer is used. Thread-safe; embeddings are cached.
 */
public final class GreedyTokenMatch extends EmbeddingSimilarity {

    public GreedyTokenMatch(TokenEncoder encoder) {
        this(encoder, NeuralMeasures.measureName(encoder, "bertscore"), NeuralMeasures.DEFAULT_CACHE);
    }

    public GreedyTokenMatch(TokenEncoder encoder, String name, int cacheCapacity) {
        super(encoder, name, cacheCapacity);
    }

    @Override
    double compare(TokenEmbeddings predicted, TokenEmbeddings gold) {
        return f(predicted.contentVectors(), gold.contentVectors());
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
}
