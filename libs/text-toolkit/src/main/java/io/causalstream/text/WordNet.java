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

    /** Whether WordNet has the word as a lemma of some part of speech, or an inflection of one. */
    public static boolean isWord(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        Boolean known = WORDS.get(lower);
        if (known != null) {
            return known;
        }
        boolean found;
        try {
            found = Shared.DICTIONARY.lookupAllIndexWords(lower).size() > 0;
        } catch (JWNLException e) {
            throw new IllegalStateException("WordNet lookup failed for '" + lower + "'", e);
        }
        if (WORDS.size() < CACHE_LIMIT) {
            WORDS.put(lower, found);
        }
        return found;
    }

    /** The lexicographer file of the noun's first (most frequent) sense ("noun.state"), or "" when it is no noun. */
    public static String nounCategory(String noun) {
        String lower = noun.toLowerCase(Locale.ROOT);
        String known = NOUN_CATEGORIES.get(lower);
        if (known != null) {
            return known;
        }
        String category;
        try {
            IndexWord w = Shared.DICTIONARY.lookupIndexWord(POS.NOUN, lower);
            category = w == null || w.getSenses().size() == 0 ? "" : w.getSenses().get(0).getLexFileName();
        } catch (JWNLException e) {
            throw new IllegalStateException("WordNet lookup failed for '" + lower + "'", e);
        }
        if (NOUN_CATEGORIES.size() < CACHE_LIMIT) {
            NOUN_CATEGORIES.put(lower, category);
        }
        return category;
    }
}
