package io.causalstream.extractor.backend.rules;

import io.causalstream.schemas.graph.Direction;
import java.util.List;

/**
 * One causal cue: the word forms that express it, on which side of it the cause stands, and the polarity it
 * asserts. "Drought <b>reduces</b> yields" is a FORWARD cue (cause first); "losses <b>due to</b> drought" is
 * BACKWARD (effect first).
 *
 * @param forms lower-case surface forms, several words separated by single spaces
 */
record CuePattern(Orientation orientation, Direction direction, List<String> forms) {

    enum Orientation {
        /** cause, cue, effect. */
        FORWARD,
        /** effect, cue, cause. */
        BACKWARD
    }

    CuePattern {
        forms = List.copyOf(forms);
    }

    static CuePattern forward(Direction direction, String... forms) {
        return new CuePattern(Orientation.FORWARD, direction, List.of(forms));
    }

    static CuePattern backward(Direction direction, String... forms) {
        return new CuePattern(Orientation.BACKWARD, direction, List.of(forms));
    }
}
