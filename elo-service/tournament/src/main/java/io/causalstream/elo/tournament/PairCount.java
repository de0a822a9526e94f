package io.causalstream.elo.tournament;

/**
 * What happened between two players of a passage: how often each won and how often they tied. The pair is kept
 * in one orientation ({@code a < b} by {@link String#compareTo}) so left/right on the screen does not split it.
 */
public record PairCount(String a, String b, int aWins, int bWins, int ties) {

    public PairCount {
        if (a == null || b == null || a.compareTo(b) >= 0) {
            throw new IllegalArgumentException("a pair needs two annotationIds with a < b, got '" + a + "', '" + b
                    + "'");
        }
        if (aWins < 0 || bWins < 0 || ties < 0) {
            throw new IllegalArgumentException("pair " + a + "/" + b + ": counts must not be negative");
        }
    }

    /** Judgments of this pair, ties included. */
    public int games() {
        return aWins + bWins + ties;
    }

    /** Whether {@code id} is one of the two players. */
    public boolean involves(String id) {
        return a.equals(id) || b.equals(id);
    }
}
