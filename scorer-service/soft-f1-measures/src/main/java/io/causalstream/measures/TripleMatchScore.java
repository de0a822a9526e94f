package io.causalstream.measures;

/**
 * Counts and scores of {@link TripleMatch}: matched triples, predicted triples and gold triples (each side as a set,
 * after deduplication), of one passage or summed over many (micro-averaging).
 *
 * <p>Precision is TP / predicted and 1 when nothing is predicted (no claim, none wrong); recall is TP / gold and 1
 * when the gold is empty; F1 is 2·TP / (predicted + gold), their harmonic mean, and 1 when both are empty (a passage
 * that asserts nothing, read as asserting nothing). One side empty, the other not: F1 0.
 *
 * @param tp        matched pairs (both nodes similar enough, the same direction), one-to-one
 * @param predicted predicted triples
 * @param gold      gold triples
 */
public record TripleMatchScore(int tp, int predicted, int gold) {

    public static final TripleMatchScore ZERO = new TripleMatchScore(0, 0, 0);

    public TripleMatchScore {
        if (tp < 0 || tp > predicted || tp > gold) {
            throw new IllegalArgumentException("need 0 <= tp <= predicted, gold; got " + tp + "/" + predicted + "/"
                    + gold);
        }
    }

    /** The counts of both added: micro-averaging over passages is the sum of their scores. */
    public TripleMatchScore plus(TripleMatchScore other) {
        return new TripleMatchScore(tp + other.tp, predicted + other.predicted, gold + other.gold);
    }

    /** The micro-average of passages' scores: their counts summed, then precision, recall and F1 of the sums. */
    public static TripleMatchScore micro(Iterable<TripleMatchScore> scores) {
        TripleMatchScore total = ZERO;
        for (TripleMatchScore s : scores) {
            total = total.plus(s);
        }
        return total;
    }

    public double precision() {
        return predicted == 0 ? 1.0 : (double) tp / predicted;
    }

    public double recall() {
        return gold == 0 ? 1.0 : (double) tp / gold;
    }

    public double f1() {
        return predicted + gold == 0 ? 1.0 : 2.0 * tp / (predicted + gold);
    }
}
