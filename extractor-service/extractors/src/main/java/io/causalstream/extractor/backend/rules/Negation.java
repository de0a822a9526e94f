package io.causalstream.extractor.backend.rules;

import java.util.regex.Pattern;

/**
 * Whether a cue is negated: "does not increase", "did not lead to", "doesn't necessarily cause", "is not due to".
 * A negated cue asserts no causal link at all; reading it as the opposite polarity ("does not increase" as
 * DECREASE) would put words in the author's mouth, so the rules emit nothing for it.
 */
final class Negation {

    /** A negation word, then at most one more word ("not necessarily"), right before the cue. */
    private static final Pattern BEFORE_CUE = Pattern.compile(
            "(?:(?<![\\w-])(?:not(?!\\s+only)|never|cannot|no\\s+longer)|n['’]t)\\s+(?:[\\w-]+\\s+)?$",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    static boolean negates(String textBeforeCue) {
        return BEFORE_CUE.matcher(textBeforeCue).find();
    }

    private Negation() {
    }
}
