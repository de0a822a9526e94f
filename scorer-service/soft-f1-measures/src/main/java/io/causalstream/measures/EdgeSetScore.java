package io.causalstream.measures;

/**
 * The counts and scores of one predicted edge set against one gold edge set under one (similarity, threshold).
 *
 * @param tp       true positives: matched pairs whose directions agree
 * @param pp       partial positives: matched pairs whose directions differ
 * @param fp       false positives: predicted edges left unmatched
 * @param fn       false negatives: gold edges left unmatched
 * @param f1       formula (1) of the paper, {@code (2TP + PP) / (2TP + PP + FP + FN)}
 * @param f1Strict the paper's E* variant without partial positives, {@code 2TP / (2TP + 2PP + FP + FN)}
 */
public record EdgeSetScore(int tp, int pp, int fp, int fn, double f1, double f1Strict) {
}
