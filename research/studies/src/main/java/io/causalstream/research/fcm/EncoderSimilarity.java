package io.causalstream.research.fcm;

import io.causalstream.encoder.TokenEncoder;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.fcm.aggregate.VectorSimilarity;
import java.util.List;

/**
 * Concept similarity from a sentence encoder (the bundled all-MiniLM-L6-v2): cosine of the mean-pooled token
 * vectors of the two labels, each label encoded once and cached ({@link VectorSimilarity}, which the scorer's
 * {@code causal-maps} stream uses too). Plugged into the FCM library's resolver, which stays free of the encoder.
 */
public final class EncoderSimilarity implements ConceptSimilarity {

    private final VectorSimilarity similarity;

    public EncoderSimilarity(TokenEncoder encoder) {
        this.similarity = new VectorSimilarity(encoder.name(),
                label -> encoder.encode(List.of(label)).getFirst().meanPooled());
    }

    @Override
    public double similarity(String a, String b) {
        return similarity.similarity(a, b);
    }

    @Override
    public String name() {
        return similarity.name();
    }
}
