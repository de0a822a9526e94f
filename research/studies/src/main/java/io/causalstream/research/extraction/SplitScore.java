package io.causalstream.research.extraction;

/**
 * An extractor's score on a split under one measure.
 *
 * @param measure  the node similarity's name and threshold, e.g. {@code exact@1.0}
 * @param passages passages scored
 * @param tp       summed true positives
 * @param pp       summed partial positives (nodes match, direction differs)
 * @param fp       summed false positives
 * @param fn       summed false negatives
 * @param microF1  formula (1) over the summed counts
 * @param macroF1  mean of the per-passage formula (1)
 * @param microF1Strict the summed counts without partial credit, 2TP / (2TP + 2PP + FP + FN)
 */
public record SplitScore(String measure, int passages, long tp, long pp, long fp, long fn, double microF1,
                         double macroF1, double microF1Strict) {

    public double precision() {
        return tp + pp + fp == 0 ? 0 : (tp + 0.5 * pp) / (tp + pp + fp);
    }

    public double recall() {
        return tp + pp + fn == 0 ? 0 : (tp + 0.5 * pp) / (tp + pp + fn);
    }
}
