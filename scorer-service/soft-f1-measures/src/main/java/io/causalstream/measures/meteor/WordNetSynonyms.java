package io.causalstream.measures.meteor;

import io.causalstream.text.WordNet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.Exc;
import net.sf.extjwnl.data.IndexWord;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.data.Synset;
import net.sf.extjwnl.data.Word;
import net.sf.extjwnl.dictionary.Dictionary;

/**
 * WordNet 3.0 synonyms (extJWNL with the {@code extjwnl-data-wn30} artifact, the WordNet NLTK uses) looked up the
 * way NLTK's {@code wordnet.synsets(word)} does, so METEOR's synonym stage matches NLTK's: the word is
 * lower-cased, reduced by NLTK's {@code morphy} for each part of speech (exception lists first, then the
 * detachment rules applied once, then repeatedly until a form is in the index), and the lemma names of all synsets
 * of the surviving forms are returned, case preserved, multi-word names (NLTK's names with {@code _}) left out.
 *
 * <p>The dictionary loads once per JVM on first use (about a second) and is shared read-only; answers are cached
 * (up to {@value #CACHE_LIMIT} words, then computed each time, so hostile input cannot grow memory). A
 * "word" longer than {@value #MAX_WORD_LENGTH} characters has no synonyms.
 */
public final class WordNetSynonyms implements Synonyms {

    static final int CACHE_LIMIT = 200_000;
    /** Longer "words" have no synonyms (WordNet 3.0's longest single-word lemma has 33 characters). */
    static final int MAX_WORD_LENGTH = 100;

    private static final POS[] POS_ORDER = {POS.NOUN, POS.VERB, POS.ADJECTIVE, POS.ADVERB};
    private static final Map<POS, String[][]> SUBSTITUTIONS = Map.of(
            POS.NOUN, new String[][] {{"s", ""}, {"ses", "s"}, {"ves", "f"}, {"xes", "x"}, {"zes", "z"},
                    {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
            POS.VERB, new String[][] {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""},
                    {"ing", "e"}, {"ing", ""}},
            POS.ADJECTIVE, new String[][] {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
            POS.ADVERB, new String[][] {});

    private static final class Shared {
        // the one dictionary of the JVM, the one line-break repair and the extractor's noun categories read
        static final WordNetSynonyms INSTANCE = new WordNetSynonyms(WordNet.dictionary());
    }

    private final Dictionary dictionary;
    private final Map<String, Set<String>> cache = new ConcurrentHashMap<>();

    private WordNetSynonyms(Dictionary dictionary) {
        this.dictionary = dictionary;
    }

    /** The process-wide instance over the bundled WordNet 3.0 (loaded on first call). */
    public static WordNetSynonyms shared() {
        return Shared.INSTANCE;
    }

    @Override
    public Set<String> of(String word) {
        if (word.length() > MAX_WORD_LENGTH) {
            return Set.of();
        }
        String lemma = word.toLowerCase(java.util.Locale.ROOT);
        Set<String> cached = cache.get(lemma);
        if (cached != null) {
            return cached;
        }
        Set<String> computed = Set.copyOf(lookUp(lemma));
        if (cache.size() < CACHE_LIMIT) {
            cache.put(lemma, computed);
        }
        return computed;
    }

    private Set<String> lookUp(String lemma) {
        Set<String> names = new HashSet<>();
        try {
            // extJWNL's file-backed dictionary shares caches and file handles: one lookup at a time.
            synchronized (dictionary) {
                for (POS pos : POS_ORDER) {
                    for (String form : morphy(lemma, pos)) {
                        IndexWord indexWord = dictionary.getIndexWord(pos, form);
                        for (Synset synset : indexWord.getSenses()) {
                            for (Word w : synset.getWords()) {
                                String name = w.getLemma();
                                if (name.indexOf(' ') < 0 && name.indexOf('_') < 0) {
                                    names.add(name);
                                }
                            }
                        }
                    }
                }
            }
        } catch (JWNLException e) {
            throw new IllegalStateException("WordNet lookup of '" + lemma + "' failed", e);
        }
        return names;
    }

    /** NLTK's {@code WordNetCorpusReader._morphy(form, pos)}. */
    List<String> morphy(String form, POS pos) throws JWNLException {
        Exc exc = dictionary.getException(pos, form);
        if (exc != null) {
            List<String> forms = new ArrayList<>();
            forms.add(form);
            forms.addAll(exc.getExceptions());
            return inIndex(forms, pos);
        }
        List<String> forms = applyRules(List.of(form), pos);
        List<String> withOriginal = new ArrayList<>();
        withOriginal.add(form);
        withOriginal.addAll(forms);
        List<String> results = inIndex(withOriginal, pos);
        if (!results.isEmpty()) {
            return results;
        }
        while (!forms.isEmpty()) {
            forms = applyRules(forms, pos);
            results = inIndex(forms, pos);
            if (!results.isEmpty()) {
                return results;
            }
        }
        return List.of();
    }

    /**
     * One round of detachment rules. Duplicates are dropped (NLTK keeps them; the forms it returns are the same,
     * first occurrences in the same order, but without this "eseses..." would grow exponentially).
     */
    private static List<String> applyRules(List<String> forms, POS pos) {
        Set<String> out = new LinkedHashSet<>();
        for (String form : forms) {
            for (String[] rule : SUBSTITUTIONS.get(pos)) {
                if (form.endsWith(rule[0])) {
                    out.add(form.substring(0, form.length() - rule[0].length()) + rule[1]);
                }
            }
        }
        return new ArrayList<>(out);
    }

    private List<String> inIndex(List<String> forms, POS pos) throws JWNLException {
        Set<String> seen = new LinkedHashSet<>();
        for (String form : forms) {
            if (!form.isEmpty() && !seen.contains(form) && dictionary.getIndexWord(pos, form) != null) {
                seen.add(form);
            }
        }
        return new ArrayList<>(seen);
    }
}
