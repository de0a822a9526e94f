package io.causalstream.alignment;

/**
 * Precision, recall and F1 of one edge type (or of all edges) under an alignment.
 *
 * <p>Conventions of the reference evaluator for empty sides: precision is 1.0 when there are no predicted edges and
 * no gold edges, 0.0 when there are gold edges but no predicted ones; recall symmetrically; F1 is 0.0 when precision
 * and recall are both 0. So a type absent from both graphs scores 1.0 / 1.0 / 1.0.
 *
 * @param matched   gold edges of the type matched under the mapping
 * @param gold      gold edges of the type
 * @param predicted predicted edges of the type
 */
public record TypeScore(int matched, int gold, int predicted, double precision, double recall, double f1) {

    public static TypeScore of(int matched, int gold, int predicted) {
        double p = predicted > 0 ? (double) matched / predicted : (gold == 0 ? 1.0 : 0.0);
        double r = gold > 0 ? (double) matched / gold : (predicted == 0 ? 1.0 : 0.0);
        double f = p + r > 0 ? 2 * p * r / (p + r) : 0.0;
        return new TypeScore(matched, gold, predicted, p, r, f);
    }
}
