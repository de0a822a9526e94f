package io.causalstream.measures.bleu;

/**
 * A sacrebleu BLEU result.
 *
 * @param score      BLEU on the 0-100 scale
 * @param correct    matching n-grams per order (1..4)
 * @param total      hypothesis n-grams per order
 * @param precisions the (smoothed) n-gram precisions, 0-100
 * @param bp         brevity penalty
 * @param sysLen     hypothesis length in tokens
 * @param refLen     the reference length used for the brevity penalty
 */
public record BleuScore(double score, int[] correct, int[] total, double[] precisions, double bp, int sysLen,
                        int refLen) {
}
