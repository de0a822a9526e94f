package io.causalstream.validation;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The content-token embeddings of node labels for embedding grounding, each label encoded on its own
 * ({@code [CLS] label [SEP]}) as before, but many labels in one encoder call and kept across calls (the same
 * labels come back in every extraction of a passage). Thread-safe.
 */
final class LabelVectors {

    static final int CAPACITY = 8192;

    private final TokenEncoder encoder;
    private final Lru<String, float[][]> cache = new Lru<>(CAPACITY);

    LabelVectors(TokenEncoder encoder) {
        this.encoder = encoder;
    }

    float[][] of(String label) {
        float[][] v = cache.get(label);
        if (v == null) {
            v = encoder.encode(List.of(label)).getFirst().contentVectors();
            cache.put(label, v);
        }
        return v;
    }

    /** Encodes, in one call, the labels not cached yet. */
    void prefetch(Collection<String> labels) {
        List<String> missing = new ArrayList<>();
        for (String l : new LinkedHashSet<>(labels)) {
            if (cache.get(l) == null) {
                missing.add(l);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        List<TokenEmbeddings> encoded = encoder.encode(missing);
        for (int i = 0; i < missing.size(); i++) {
            cache.put(missing.get(i), encoded.get(i).contentVectors());
        }
    }
}
