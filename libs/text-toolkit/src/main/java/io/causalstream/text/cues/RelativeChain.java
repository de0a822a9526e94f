package io.causalstream.text.cues;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A claim chained by a non-restrictive relative clause: "Stricter standards curb air pollution, <i>which</i> lowers
 * hospital admissions". The relative pronoun after the comma refers to the event of the previous clause (the curbing
 * of pollution), not to the bare noun before it, so the chained edge pollution -> admissions carries the sign of the
 * relative clause's cue <b>times</b> the sign of the previous clause: less pollution lowers admissions, i.e.
 * pollution INCREASE admissions. Read literally ("pollution lowers admissions") the sign is wrong whenever the previous
 * clause decreases its object.
 *
 * <p>The rule extractor, the model extractor's decoding and the validator's cue check read the chain through this
 * one class and the one {@link CueLexicon}.
 */
public final class RelativeChain {

    /** ", which" / ", that" opening the text between the two mentions. */
    private static final Pattern OPENS = Pattern.compile("^\\s*,\\s*(?:which|that)(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** Where the clause that holds the chained edge's cause starts (clause punctuation or a relative pronoun). */
    private static final Pattern CLAUSE_BREAK = Pattern.compile("[,;:.!?]|(?<![\\w-])(?:which|that|who)(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** A change word between the previous cue and its object that turns the object down ("leads to reduced Y"). */
    private static final Pattern DOWN_WORD = Pattern.compile("(?<![\\w-])(?:reduced|lower|lowered|less|fewer"
            + "|declining|decreased|diminished|smaller|weaker|weakened|falling|shrinking)(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** Whether the text between a cause mention and what follows opens a relative clause on it (", which ..."). */
    public static boolean opens(String bridge) {
        return OPENS.matcher(bridge).find();
    }

    /**
     * Whether the previous clause, {@code before} (the sentence up to the chained cause's mention), turns its object
     * down: its last cue is a DECREASE cue ("curb", "reduces") or a change word down stands between that cue and the
     * mention ("leads to reduced"), but not both. A denied or negated clause states no change and says nothing.
     */
    public static boolean previousClauseDecreases(String before) {
        String clause = lastClause(before);
        List<CueMatch> cues = CueLexicon.DEFAULT.find(clause);
        if (cues.isEmpty() || cues.getLast().cue().orientation() != Cue.Orientation.FORWARD) {
            return false;
        }
        CueMatch cue = cues.getLast();
        if (Negation.negates(clause.substring(0, cue.start())) || Negation.denied(before)) {
            return false;
        }
        boolean down = cue.cue().sign() == Cue.Sign.DECREASE;
        boolean changeDown = DOWN_WORD.matcher(clause.substring(cue.end())).find();
        return down != changeDown;
    }

    /**
     * Whether an edge read off a relative clause must flip its literal sign: {@code before} is the sentence up to the
     * cause's mention, {@code bridge} the text from the cause's mention to the effect's.
     */
    public static boolean flips(String before, String bridge) {
        return opens(bridge) && previousClauseDecreases(before);
    }

    /** The text after the last clause break that still holds a word (the clause the mention ends). */
    private static String lastClause(String before) {
        var m = CLAUSE_BREAK.matcher(before);
        int start = 0;
        while (m.find()) {
            if (!before.substring(m.end()).isBlank()) {
                start = m.end();
            }
        }
        return before.substring(start);
    }

    private RelativeChain() {
    }
}
