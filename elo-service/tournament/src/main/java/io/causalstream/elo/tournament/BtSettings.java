package io.causalstream.elo.tournament;

/**
 * How the Bradley-Terry fit runs.
 *
 * @param ridge           L2 penalty {@code ridge * sum(theta^2)} on the strengths (natural-log odds units), added
 *                        to the negative log-likelihood of the counts: a Gaussian prior that keeps an undefeated
 *                        player's strength finite. Its pull weakens as judgments accumulate.
 * @param bootstrapRounds resamples for the confidence interval; 0 leaves the interval equal to the point estimate
 * @param confidence      coverage of the interval, e.g. 0.95 for the 2.5 and 97.5 percentiles
 * @param center          the score of a strength of 0 (the mean player, since the ridge centres strengths)
 */
public record BtSettings(double ridge, int bootstrapRounds, double confidence, double center) {

    /** Elo points per natural-log odds unit: a 400-point gap means 10:1 odds, as in the Elo formula. */
    public static final double SCALE = 400.0 / Math.log(10.0);

    public static final BtSettings DEFAULT = new BtSettings(0.01, 100, 0.95, 1000.0);

    public BtSettings {
        if (!(ridge > 0) || Double.isInfinite(ridge)) {
            throw new IllegalArgumentException("Bradley-Terry ridge must be a positive number, got " + ridge);
        }
        if (bootstrapRounds < 0) {
            throw new IllegalArgumentException("bootstrap rounds must be >= 0, got " + bootstrapRounds);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        if (!Double.isFinite(center)) {
            throw new IllegalArgumentException("center must be finite, got " + center);
        }
    }
}
