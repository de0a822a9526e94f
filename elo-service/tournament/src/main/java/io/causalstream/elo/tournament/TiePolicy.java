package io.causalstream.elo.tournament;

import java.util.Locale;

/**
 * What a tie does to the ratings. The paper's text scores a tie 0.5 for each side (appendix D.1); the authors'
 * released code dropped ties before computing Elo. Both are offered so either result can be reproduced.
 */
public enum TiePolicy {

    /** A tie scores 0.5 for each player: ratings move toward each other (the paper's text; the default). */
    HALF,

    /** A tie leaves ratings unchanged (the authors' released code); it is still recorded as a tied game. */
    SKIP;

    /** Parses {@code half} or {@code skip}, case-insensitively. */
    public static TiePolicy parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("tie policy must be 'half' or 'skip', got '" + value + "'", e);
        }
    }
}
