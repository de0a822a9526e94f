package io.causalstream.measures.reference;

/**
 * Counts and F1 of the reference-compatible soft F1. As in the authors' notebook, TP counts distinct gold edges
 * matched while FP = |predicted| - TP, so FP can be negative when one predicted edge matches several gold edges;
 * {@code f1} is then still the notebook's {@code 2PR / (P + R)} with P = TP / (TP + FP).
 */
public record ReferenceScore(int tp, int fp, int fn, double f1) {
}
