package io.causalstream.measures.text;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Remembers the tokens of node labels: a passage's few labels are compared with many others, and tokenizing
 * (lower-casing, splitting, stemming) costs more than a lookup. Bounded: after {@value #LIMIT} distinct labels,
 * new ones are tokenized each time. Thread-safe when the tokenizer is.
 */
public final class TokenCache {

    static final int LIMIT = 100_000;

    private final Function<String, List<String>> tokenizer;
    private final Map<String, List<String>> cache = new ConcurrentHashMap<>();

    public TokenCache(Function<String, List<String>> tokenizer) {
        this.tokenizer = Objects.requireNonNull(tokenizer, "tokenizer");
    }

    public List<String> tokens(String label) {
        List<String> cached = cache.get(label);
        if (cached != null) {
            return cached;
        }
        List<String> tokens = List.copyOf(tokenizer.apply(label));
        if (cache.size() < LIMIT) {
            cache.put(label, tokens);
        }
        return tokens;
    }
}
