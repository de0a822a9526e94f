package io.causalstream.validation;

import java.util.regex.Pattern;

/**
 * "The main <i>causes of</i> maternal mortality <i>are</i> haemorrhage, eclampsia and sepsis": a list of causes named
 * after their effect, the cue ("causes of", "drivers of", "factors contributing to" ...) before both mentions and a
 * copula or "include" between them. The second mention is the cause. "X is a cause of Y", the cue between the
 * mentions, is the lexicon's forward noun cue; this is its inverted form, which no cue between the mentions marks.
 */
final class CausesOf {

    /** The text before the first mention ends with the cue (lower case), a determiner allowed after it. */
    private static final Pattern LEAD = Pattern.compile("(?<![\\w-])(?:(?:root\\s+)?causes?\\s+of|drivers?\\s+of"
            + "|determinants?\\s+of|reasons?\\s+for|factors?\\s+(?:contributing\\s+to|behind|driving|leading\\s+to)"
            + "|contributors?\\s+to)\\s+(?:the\\s+|a\\s+|an\\s+)?$");
    /**
     * Between the mentions: a short phrase on the effect ("in rural areas"), the verb, and the causes listed before
     * the second mention ("are haemorrhage, eclampsia, "), none with a verb of its own.
     */
    private static final Pattern BRIDGE = Pattern.compile("^(?:\\s+(?:in|among|for|across|of)\\s+(?:[\\p{L}'-]+\\s+)"
            + "{0,4}?)?\\s*(?:,\\s*)?(?:are|is|was|were|include|includes|included|including|:)\\s+"
            + "(?:(?:the\\s+|a\\s+|an\\s+)?[\\p{L}\\p{N}'/-]+(?:\\s+[\\p{L}\\p{N}'/-]+){0,4}"
            + "(?:\\s*,\\s*(?:and\\s+|or\\s+)?|\\s+and\\s+|\\s+or\\s+))*(?:the\\s+|a\\s+|an\\s+)?$");

    private CausesOf() {
    }

    /**
     * Whether {@code lead} (the sentence up to the first mention) and {@code bridge} (the words between the mentions),
     * both lower case, name the first mention as the effect of a list the second mention is in. The caller reads it
     * only where no cue stands between the mentions.
     */
    static boolean names(String lead, String bridge) {
        // a list of causes is short; the bound also keeps the list pattern's backtracking small
        return bridge.length() <= 200 && LEAD.matcher(lead).find() && BRIDGE.matcher(bridge).matches();
    }
}
