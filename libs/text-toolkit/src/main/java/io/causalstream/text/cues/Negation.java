package io.causalstream.text.cues;

import java.util.regex.Matcher;
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

    /**
     * A frame that denies the claim it introduces: "there is <i>no evidence that</i> vaccination causes autism",
     * "it is <i>not true that</i> ...", "researchers <i>rejected the claim that</i> ...".
     */
    private static final Pattern DENIAL = Pattern.compile(
            "(?<![\\w-])(?:(?:no|little|lacks?|lacking|without|insufficient|not\\s+(?:any|enough|much))"
            + "\\s+(?:(?:of|any|clear|conclusive|convincing|scientific|strong|real|good|credible|such)\\s+){0,2}"
            + "(?:evidence|proof|indication|sign|support|data|reason|basis)\\s+(?:that|to\\s+suggest|to\\s+believe)"
            + "|(?:not\\s+(?:true|the\\s+case|clear|proven|established)|untrue|false|a\\s+myth|unlikely)\\s+that"
            + "|(?:doubts?|doubted|den(?:y|ies|ied)|refut(?:e|es|ed)|disprov(?:e|es|ed)|reject(?:s|ed)?|dismiss(?:es|ed)?)"
            + "\\s+(?:the\\s+(?:claim|idea|notion|hypothesis|view)\\s+)?that)(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /**
     * Where a negation's scope ends: a contrast opens a clause of its own ("X does not lead to Y, <i>but</i> it
     * increases Z"), so a denial before it does not reach the claims after it.
     */
    private static final Pattern CONTRAST = Pattern.compile(
            "[;:]|(?<![\\w-])(?:but|however|whereas|while|although|though|yet|instead|rather)(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /**
     * Whether a claim stated right after {@code textBefore} (the sentence up to the claim's cue) is denied by a
     * frame in the same clause ("There is no evidence that vaccination causes ..."); a contrast word between the
     * frame and the claim ends the denial's scope.
     */
    public static boolean denied(String textBefore) {
        Matcher contrast = CONTRAST.matcher(textBefore);
        int scopeStart = 0;
        while (contrast.find()) {
            scopeStart = contrast.end();
        }
        return DENIAL.matcher(textBefore).region(scopeStart, textBefore.length()).find();
    }

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
