package io.causalstream.measures.neural;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Token embeddings of node labels, encoded once and kept in a bounded least-recently-used map: soft F1 compares
 * every predicted node with every gold node, so the same label is asked for many times. Thread-safe (one lock;
 * the encoder runs outside it).
 */
final class EmbeddingCache {

    private final TokenEncoder encoder;
    private final Map<String, TokenEmbeddings> entries;

    EmbeddingCache(TokenEncoder encoder, int capacity) {
        this.encoder = encoder;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, TokenEmbeddings> eldest) {
                return size() > capacity;
            }
        };
    }

    TokenEmbeddings get(String text) {
        return getAll(List.of(text)).getFirst();
    }

    /** The embeddings of every text, encoding the missing ones in one batch. */
    List<TokenEmbeddings> getAll(Collection<String> texts) {
        List<String> missing = new ArrayList<>();
        synchronized (entries) {
            for (String t : new LinkedHashSet<>(texts)) {
                if (!entries.containsKey(t)) {
                    missing.add(t);
                }
            }
        }
        Map<String, TokenEmbeddings> fresh = new LinkedHashMap<>();
        if (!missing.isEmpty()) {
            List<TokenEmbeddings> encoded = encoder.encode(missing);
            for (int i = 0; i < missing.size(); i++) {
                fresh.put(missing.get(i), encoded.get(i));
            }
        }
        List<TokenEmbeddings> out = new ArrayList<>(texts.size());
        synchronized (entries) {
            entries.putAll(fresh);
            for (String t : texts) {
                TokenEmbeddings e = fresh.get(t);
                if (e == null) {
                    e = entries.get(t);
                }
                out.add(e);
            }
        }
        return out;
    }
}
