package io.causalstream.text.cues;

import java.util.regex.Pattern;

/**
 * The negation cues. A negated cue asserts no causal link at all; reading it as the opposite polarity ("does not
 * increase" as DECREASE) would put words in the author's mouth, so neither the rule extractor nor the validator's
 * cue check reads a sign from it.
 */
public final class Negation {

    /** A negation word, then at most one more word ("not necessarily"), right before the cue. */
    private static final Pattern BEFORE_CUE = Pattern.compile(
            "(?:(?<![\\w-])(?:not(?!\\s+only)|never|cannot|no\\s+longer)|n['’]t)\\s+(?:[\\w-]+\\s+)?$",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** Any negation word in a stretch of (lower-case) text. */
    private static final Pattern ANYWHERE = Pattern.compile("\\b(?:not|no|never|without|n't|neither|nor|cannot)\\b"
            + "|n't\\b");

    /** Whether the text ends in a negation of what follows: "does not increase", "doesn't necessarily cause". */
    public static boolean negates(String textBeforeCue) {
        return BEFORE_CUE.matcher(textBeforeCue).find();
    }

    /** Whether any negation word occurs in the (lower-case) text, e.g. the words between two mentions. */
    public static boolean occursIn(String text) {
        return ANYWHERE.matcher(text).find();
    }

    private Negation() {
    }
}
