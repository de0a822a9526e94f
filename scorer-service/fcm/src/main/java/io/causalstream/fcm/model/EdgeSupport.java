package io.causalstream.fcm.model;

/**
 * How much evidence an edge has, contradictions included.
 *
 * @param passages distinct passages with at least one annotation of this edge (either sign)
 * @param annotators distinct annotators with at least one annotation of this edge (either sign)
 * @param positive annotations saying INCREASE
 * @param negative annotations saying DECREASE
 * @param positiveMass sum of the strengths of the INCREASE annotations
 * @param negativeMass sum of the strengths of the DECREASE annotations
 */
public record EdgeSupport(int passages, int annotators, int positive, int negative, double positiveMass,
        double negativeMass) {

    public static final EdgeSupport NONE = new EdgeSupport(0, 0, 0, 0, 0, 0);

    /** Annotations whose sign disagrees with the edge's weight (all of the minority when the weight is 0). */
    public int contradicting(double weight) {
        if (weight > 0) {
            return negative;
        }
        if (weight < 0) {
            return positive;
        }
        return Math.min(positive, negative);
    }

    /** Share of the annotations in the minority sign, in [0, 0.5]: 0 when everybody agrees. */
    public double conflict() {
        int all = positive + negative;
        return all == 0 ? 0 : (double) Math.min(positive, negative) / all;
    }
}
