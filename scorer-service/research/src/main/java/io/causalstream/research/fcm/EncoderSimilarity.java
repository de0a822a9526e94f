package io.causalstream.research.fcm;

import io.causalstream.encoder.TokenEncoder;
import io.causalstream.encoder.Vectors;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Concept similarity from a sentence encoder (the bundled all-MiniLM-L6-v2): cosine of the mean-pooled token
 * vectors of the two labels, each label encoded once and cached. Plugged into the FCM library's resolver, which
 * stays free of the encoder.
 */
public final class EncoderSimilarity implements ConceptSimilarity {

    private final TokenEncoder encoder;
    private final Map<String, float[]> vectors = new HashMap<>();

    public EncoderSimilarity(TokenEncoder encoder) {
        this.encoder = encoder;
    }

    @Override
    public double similarity(String a, String b) {
        return Vectors.cosine(vector(a), vector(b));
    }

    private float[] vector(String label) {
        return vectors.computeIfAbsent(label, l -> encoder.encode(List.of(l)).getFirst().meanPooled());
    }

    @Override
    public String name() {
        return encoder.name();
    }
}
