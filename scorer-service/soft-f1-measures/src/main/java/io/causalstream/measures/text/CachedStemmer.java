package io.causalstream.measures.text;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A stemmer that remembers its answers: node labels repeat the same few thousand words, and METEOR and ROUGE stem
 * every word of every comparison. Bounded: after {@value #LIMIT} distinct words new ones are stemmed each time, so
 * hostile input cannot grow memory. Thread-safe when the wrapped stemmer is.
 */
public final class CachedStemmer implements Stemmer {

    static final int LIMIT = 200_000;

    private final Stemmer stemmer;
    private final Map<String, String> cache = new ConcurrentHashMap<>();

    public CachedStemmer(Stemmer stemmer) {
        this.stemmer = Objects.requireNonNull(stemmer, "stemmer");
    }

    /** NLTK's Porter stemmer, cached. */
    public static CachedStemmer nltkPorter() {
        return new CachedStemmer(new NltkPorterStemmer());
    }

    @Override
    public String stem(String word) {
        String cached = cache.get(word);
        if (cached != null) {
            return cached;
        }
        String stem = stemmer.stem(word);
        if (cache.size() < LIMIT) {
            cache.put(word, stem);
        }
        return stem;
    }
}
