package io.causalstream.research.benchmark;

import java.util.List;

/**
 * The Causal News Corpus subtask-1 scoring (is the sentence causal), as the organisers' scorer prints it
 * (scikit-learn's binary precision, recall and F1 of the causal class, accuracy and Matthews correlation; 0 where a
 * denominator is 0).
 */
public record Subtask1Scoring(int tp, int fp, int fn, int tn) {

    public static Subtask1Scoring of(List<Boolean> gold, List<Boolean> predicted) {
        if (gold.size() != predicted.size()) {
            throw new IllegalArgumentException(predicted.size() + " predictions for " + gold.size() + " sentences");
        }
        int tp = 0;
        int fp = 0;
        int fn = 0;
        int tn = 0;
        for (int i = 0; i < gold.size(); i++) {
            boolean g = gold.get(i);
            boolean p = predicted.get(i);
            if (g && p) {
                tp++;
            } else if (p) {
                fp++;
            } else if (g) {
                fn++;
            } else {
                tn++;
            }
        }
        return new Subtask1Scoring(tp, fp, fn, tn);
    }

    public double precision() {
        return tp + fp == 0 ? 0 : (double) tp / (tp + fp);
    }

    public double recall() {
        return tp + fn == 0 ? 0 : (double) tp / (tp + fn);
    }

    public double f1() {
        // scikit-learn's F1 from counts: 2TP / (2TP + FP + FN)
        return tp == 0 ? 0 : 2.0 * tp / (2.0 * tp + fp + fn);
    }

    public double accuracy() {
        int n = tp + fp + fn + tn;
        return n == 0 ? 0 : (double) (tp + tn) / n;
    }

    public double mcc() {
        double d = Math.sqrt((double) (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn));
        return d == 0 ? 0 : (tp * (double) tn - fp * (double) fn) / d;
    }
}
