package io.causalstream.text;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.IndexWord;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.dictionary.Dictionary;

/**
 * WordNet 3.0 (extJWNL with {@code extjwnl-data-wn30}), loaded once per JVM on first use (about a second) and read
 * only: whether a string is an English word, and the lexicographer category of a noun's most frequent sense
 * ("noun.state" for "fever", "noun.artifact" for "lamp"). Answers are cached up to a bound; thread-safe.
 */
public final class WordNet {

    private static final int CACHE_LIMIT = 100_000;
    private static final Map<String, Boolean> WORDS = new ConcurrentHashMap<>();
    private static final Map<String, String> NOUN_CATEGORIES = new ConcurrentHashMap<>();

    private static final class Shared {
        static final Dictionary DICTIONARY = load();

        private static Dictionary load() {
            try {
                return Dictionary.getDefaultResourceInstance();
            } catch (JWNLException e) {
                throw new IllegalStateException("cannot load WordNet 3.0 (extjwnl-data-wn30 on the classpath?)", e);
            }
        }
    }

    private WordNet() {
    }

    /** The process-wide dictionary, for a caller that reads more of WordNet (METEOR's synonyms). */
    public static Dictionary dictionary() {
        return Shared.DICTIONARY;
    }

    /** A lookup that WordNet answers; it may fail. */
    @FunctionalInterface
    private interface Lookup<T> {
        T of(String lower) throws JWNLException;
    }

    /** Whether WordNet has the word as a lemma of some part of speech, or an inflection of one. */
    public static boolean isWord(String word) {
        return cached(WORDS, word, lower -> Shared.DICTIONARY.lookupAllIndexWords(lower).size() > 0);
    }

    /** The lexicographer file of the noun's first (most frequent) sense ("noun.state"), or "" when it is no noun. */
    public static String nounCategory(String noun) {
        return cached(NOUN_CATEGORIES, noun, lower -> {
            IndexWord w = Shared.DICTIONARY.lookupIndexWord(POS.NOUN, lower);
            return w == null || w.getSenses().size() == 0 ? "" : w.getSenses().get(0).getLexFileName();
        });
    }

    /** The answer for the lower-cased word, from the cache or looked up (and kept while the cache has room). */
    private static <T> T cached(Map<String, T> cache, String word, Lookup<T> lookup) {
        String lower = word.toLowerCase(Locale.ROOT);
        T known = cache.get(lower);
        if (known != null) {
            return known;
        }
        T found;
        try {
            found = lookup.of(lower);
        } catch (JWNLException e) {
            throw new IllegalStateException("WordNet lookup failed for '" + lower + "'", e);
        }
        if (cache.size() < CACHE_LIMIT) {
            cache.put(lower, found);
        }
        return found;
    }
}
