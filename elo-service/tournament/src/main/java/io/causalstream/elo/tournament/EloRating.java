package io.causalstream.elo.tournament;

/**
 * The Elo rating system as the soft-measures paper uses it (appendix D.1): expected score
 * {@code E_a = 1 / (1 + 10^((R_b - R_a) / 400))} and update {@code R_a' = R_a + K (S_a - E_a)}, with K = 32 and
 * initial rating 1000 (appendix D.2) unless configured otherwise.
 *
 * @param k       the K-factor: the largest change one game can make
 * @param initial the rating of a player before its first game
 */
public record EloRating(double k, double initial) {

    public static final double PAPER_K = 32;
    public static final double PAPER_INITIAL = 1000;

    /** K = 32, initial 1000: the paper's hyperparameters. */
    public static final EloRating PAPER = new EloRating(PAPER_K, PAPER_INITIAL);

    public EloRating {
        if (!(k > 0) || Double.isInfinite(k)) {
            throw new IllegalArgumentException("Elo K-factor must be a positive number, got " + k);
        }
        if (!Double.isFinite(initial)) {
            throw new IllegalArgumentException("initial Elo rating must be a finite number, got " + initial);
        }
    }

    /** Expected score of a player rated {@code rating} against one rated {@code opponent}, in (0, 1). */
    public double expected(double rating, double opponent) {
        return 1.0 / (1.0 + Math.pow(10.0, (opponent - rating) / 400.0));
    }

    /** The rating after a game with actual score {@code score} (1 win, 0.5 tie, 0 loss). */
    public double updated(double rating, double opponent, double score) {
        return rating + k * (score - expected(rating, opponent));
    }

    /**
     * New ratings of both players of one game; {@code scoreA} is A's score (1, 0.5 or 0), B scores
     * {@code 1 - scoreA}.
     *
     * <p>The arithmetic is arranged as the authors' released code does it, so replays agree with their tables to the
     * last bit, not only to rounding: a decisive game computes the winner's expectation {@code E_w} once and uses
     * {@code 1 - E_w} for the loser, and updates {@code R_w + K (1 - E_w)} and {@code R_l + K (0 - (1 - E_w))}.
     * A tie does the same from A's side with score 0.5.
     */
    public Pair play(double ratingA, double ratingB, double scoreA) {
        if (scoreA == 1.0) {
            return decisive(ratingA, ratingB);
        }
        if (scoreA == 0.0) {
            Pair swapped = decisive(ratingB, ratingA);
            return new Pair(swapped.b(), swapped.a());
        }
        if (scoreA != 0.5) {
            throw new IllegalArgumentException("score must be 1, 0.5 or 0, got " + scoreA);
        }
        double expectedA = expected(ratingA, ratingB);
        double expectedB = 1.0 - expectedA;
        return new Pair(ratingA + k * (0.5 - expectedA), ratingB + k * (0.5 - expectedB));
    }

    /** Ratings after the player rated {@code winner} beat the one rated {@code loser}: (winner's, loser's). */
    private Pair decisive(double winner, double loser) {
        double expectedWinner = expected(winner, loser);
        double expectedLoser = 1.0 - expectedWinner;
        return new Pair(winner + k * (1.0 - expectedWinner), loser + k * (0.0 - expectedLoser));
    }

    /** Ratings of the two players of a game after it. */
    public record Pair(double a, double b) {
    }
}
