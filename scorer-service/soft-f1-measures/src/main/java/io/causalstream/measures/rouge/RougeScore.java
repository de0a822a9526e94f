package io.causalstream.measures.rouge;

/** Precision, recall and F-measure of one ROUGE type, as {@code rouge_score}'s {@code Score}. */
public record RougeScore(double precision, double recall, double fmeasure) {

    static final RougeScore ZERO = new RougeScore(0, 0, 0);

    /** {@code scoring.fmeasure}: 2PR / (P + R), 0 when both are 0. */
    static RougeScore of(double precision, double recall) {
        double f = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
        return new RougeScore(precision, recall, f);
    }
}
