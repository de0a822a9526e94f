package io.causalstream.text.cues;

import java.util.List;

/**
 * One causal cue: the word forms that express it, on which side of it the cause stands, and the sign it asserts.
 * "Drought <b>reduces</b> yields" is a FORWARD cue (cause first) with sign DECREASE; "losses <b>due to</b> drought"
 * is BACKWARD (effect first) and UNSIGNED: it says that, not which way, the cause moves the effect.
 *
 * @param forms lower-case surface forms, several words separated by single spaces
 * @param kind  VERB: must be used as a verb (tagged VB*); CONNECTIVE: a fixed phrase ("due to"); NOUN: a noun
 *              phrase that states causation ("barriers to"), even after a determiner
 * @param worsens the cue makes its effect worse ("worsen"): more of a harm, less of a good ({@link #signFor})
 */
public record Cue(Orientation orientation, Sign sign, List<String> forms, Kind kind, boolean worsens) {

    public enum Orientation {
        /** cause, cue, effect. */
        FORWARD,
        /** effect, cue, cause. */
        BACKWARD
    }

    /** What the cue says about the effect when the cause goes up. */
    public enum Sign { INCREASE, DECREASE, UNSIGNED }

    public enum Kind { VERB, CONNECTIVE, NOUN }

    public Cue {
        forms = List.copyOf(forms);
    }

    static Cue forward(Sign sign, String... forms) {
        return new Cue(Orientation.FORWARD, sign, List.of(forms), Kind.VERB, false);
    }

    static Cue backward(Sign sign, String... forms) {
        return new Cue(Orientation.BACKWARD, sign, List.of(forms), Kind.CONNECTIVE, false);
    }

    static Cue noun(Sign sign, String... forms) {
        return new Cue(Orientation.FORWARD, sign, List.of(forms), Kind.NOUN, false);
    }

    /** The same cue, read as making its effect worse: an increase of a harm, a decrease of a good. */
    static Cue worsening(Cue increase) {
        return new Cue(increase.orientation, Sign.INCREASE, increase.forms, increase.kind, true);
    }

    /**
     * The sign the cue states for this effect: its own, except that a cue that makes things worse lowers a good
     * thing ({@link Valence}): "closures <b>worsened</b> learning outcomes" is a decrease, "droughts worsen food
     * insecurity" an increase.
     */
    public Sign signFor(String effect) {
        return worsens && Valence.desirable(effect) ? Sign.DECREASE : sign;
    }

    /** A gerund ("leading to", "reducing") after a comma continues the previous claim: its cause is that effect. */
    public boolean gerund(String form) {
        return kind == Kind.VERB && form.split(" ")[0].endsWith("ing");
    }
}
