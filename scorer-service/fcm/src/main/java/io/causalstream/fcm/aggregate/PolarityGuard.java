package io.causalstream.fcm.aggregate;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Refuses a similarity merge of two labels whose words differ by a polarity or quantity word: sentence encoders put
 * "low cultivation of crops" next to "cultivation of crops" and "hesitant to assist" next to "assist" (seen on the
 * soft-measures paper's 20 Elo passages with MiniLM at 0.8), but merging them flips the sign of every edge through
 * them. Configured aliases are not guarded (they are deliberate).
 */
public final class PolarityGuard {

    static final Set<String> WORDS = Set.of(
            "no", "not", "non", "never", "without", "lack", "lacking", "absence", "absent", "loss", "lost",
            "low", "lower", "lowest", "less", "least", "fewer", "reduced", "reduction", "reduce", "decrease",
            "decreased", "decreasing", "decline", "declining", "drop", "fall", "poor", "insufficient", "limited",
            "shortage", "scarcity", "hesitant", "reluctant", "unable", "anti", "high", "higher", "highest", "more",
            "most", "increase", "increased", "increasing", "rise", "rising", "growth", "excess", "excessive",
            "improved", "improvement", "better", "worse", "worsening", "negative", "positive");

    /** Whether the two normalised labels may be merged by similarity. */
    public static boolean allows(String a, String b) {
        Set<String> x = words(a);
        Set<String> y = words(b);
        Set<String> onlyOne = new HashSet<>(x);
        onlyOne.addAll(y);
        Set<String> both = new HashSet<>(x);
        both.retainAll(y);
        onlyOne.removeAll(both);
        for (String w : onlyOne) {
            if (WORDS.contains(w)) {
                return false;
            }
        }
        return true;
    }

    private static Set<String> words(String label) {
        return new HashSet<>(List.of(label.split("[^\\p{L}\\p{N}]+")));
    }

    private PolarityGuard() {
    }
}
