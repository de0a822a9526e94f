package io.causalstream.extractor.backend.rules;

import io.causalstream.schemas.graph.Direction;
import java.util.List;

/**
 * One causal cue: the word forms that express it, on which side of it the cause stands, and the polarity it
 * asserts. "Drought <b>reduces</b> yields" is a FORWARD cue (cause first); "losses <b>due to</b> drought" is
 * BACKWARD (effect first).
 *
 * @param forms lower-case surface forms, several words separated by single spaces
 * @param kind  VERB: must be used as a verb (tagged VB*); CONNECTIVE: a fixed phrase ("due to"); NOUN: a noun
 *              phrase that states causation ("barriers to"), even after a determiner
 */
record CuePattern(Orientation orientation, Direction direction, List<String> forms, Kind kind) {

    enum Orientation {
        /** cause, cue, effect. */
        FORWARD,
        /** effect, cue, cause. */
        BACKWARD
    }

    enum Kind { VERB, CONNECTIVE, NOUN }

    CuePattern {
        forms = List.copyOf(forms);
    }

    static CuePattern forward(Direction direction, String... forms) {
        return new CuePattern(Orientation.FORWARD, direction, List.of(forms), Kind.VERB);
    }

    static CuePattern backward(Direction direction, String... forms) {
        return new CuePattern(Orientation.BACKWARD, direction, List.of(forms), Kind.CONNECTIVE);
    }

    static CuePattern noun(Direction direction, String... forms) {
        return new CuePattern(Orientation.FORWARD, direction, List.of(forms), Kind.NOUN);
    }

    /** A gerund ("leading to", "reducing") after a comma continues the previous claim: its cause is that effect. */
    boolean gerund(String form) {
        return kind == Kind.VERB && form.split(" ")[0].endsWith("ing");
    }
}
