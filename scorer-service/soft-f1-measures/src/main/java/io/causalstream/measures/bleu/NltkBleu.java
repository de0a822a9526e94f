package io.causalstream.measures.bleu;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * BLEU with NLTK's conventions ({@code nltk.translate.bleu_score}, 3.8): tokens are given (any sequence of strings,
 * e.g. words, or characters when a caller passes a plain string as NLTK then iterates its characters), uniform
 * weights over orders 1..4, modified (clipped) precision as an exact fraction, the closest reference length (the
 * shorter one on ties), and a smoothing function selected by {@link Smoothing}. The result is in [0, 1].
 *
 * <p>Unsmoothed BLEU is where NLTK versions differ: since 3.2.x {@code method0} replaces a zero precision by the
 * smallest normal double, so one missing order drives the score to about 1e-77 ({@link Smoothing#METHOD0});
 * older versions dropped the orders with no match and averaged the rest ({@link Smoothing#METHOD0_LEGACY}, e.g.
 * "let go it" vs "let it go" scores 1.0 there and ~0 now). Methods 5 to 7 (which mix fractions and floats in
 * ways that need NLTK's exact rational arithmetic) are not offered.
 */
public final class NltkBleu {

    public static final int ORDERS = 4;

    /** NLTK's {@code SmoothingFunction} methods (epsilon 0.1, k 5). */
    public enum Smoothing {
        /** No smoothing, NLTK >= 3.2.x: a zero precision becomes {@code sys.float_info.min}. */
        METHOD0,
        /** No smoothing, older NLTK: orders without a match are left out of the geometric mean. */
        METHOD0_LEGACY,
        /** Add epsilon (0.1) to zero match counts. */
        METHOD1,
        /** Add 1 to numerator and denominator of orders 2..4 (Lin and Och, 2004). */
        METHOD2,
        /** NIST geometric sequence: the k-th zero precision becomes 1 / (2^k * total). */
        METHOD3,
        /** Like METHOD3 scaled by the hypothesis length: 1 / (2^k * 5 / ln(len)) / total. */
        METHOD4
    }

    /** An exact n-gram precision, numerator and denominator as NLTK keeps them (not reduced). */
    public record Fraction(long numerator, long denominator) {

        public double value() {
            return (double) numerator / denominator;
        }
    }

    private static final double EPSILON = 0.1;
    private static final double K = 5;

    private static final int CHARACTER_INDEX_LIMIT = 100_000;

    private final Smoothing smoothing;
    /** Indexed character n-grams of hypotheses seen by {@link #sentenceOfCharacters} (they recur), bounded. */
    private final Map<String, Ngrams.CharGrams> characterIndex = new ConcurrentHashMap<>();

    public NltkBleu(Smoothing smoothing) {
        this.smoothing = Objects.requireNonNull(smoothing, "smoothing");
    }

    public Smoothing smoothing() {
        return smoothing;
    }

    /** {@code sentence_bleu(references, hypothesis, smoothing_function=...)}. */
    public double sentence(List<List<String>> references, List<String> hypothesis) {
        return corpus(List.of(references), List.of(hypothesis));
    }

    /** {@code corpus_bleu(list_of_references, hypotheses, smoothing_function=...)}. */
    public double corpus(List<List<List<String>>> listOfReferences, List<List<String>> hypotheses) {
        long[] numerators = new long[ORDERS];
        long[] denominators = new long[ORDERS];
        long hypLengths = 0;
        long refLengths = 0;
        for (int s = 0; s < hypotheses.size(); s++) {
            List<List<String>> references = listOfReferences.get(s);
            List<String> hypothesis = hypotheses.get(s);
            add(Ngrams.clipped(hypothesis, references, ORDERS), numerators, denominators);
            hypLengths += hypothesis.size();
            int[] lengths = new int[references.size()];
            for (int r = 0; r < lengths.length; r++) {
                lengths[r] = references.get(r).size();
            }
            refLengths += closestRefLength(lengths, hypothesis.size());
        }
        return score(numerators, denominators, hypLengths, refLengths);
    }

    /**
     * {@code sentence_bleu(references, hypothesis)} on tokens already turned into ids (equal tokens, equal ids):
     * the same value as on the token lists, without comparing strings.
     */
    public double sentenceOfIds(int[][] references, int[] hypothesis) {
        long[] numerators = new long[ORDERS];
        long[] denominators = new long[ORDERS];
        add(Ngrams.clippedIds(hypothesis, references, ORDERS), numerators, denominators);
        int[] refLengths = new int[references.length];
        for (int r = 0; r < refLengths.length; r++) {
            refLengths[r] = references[r].length;
        }
        return score(numerators, denominators, hypothesis.length, closestRefLength(refLengths, hypothesis.length));
    }

    /**
     * {@code sentence_bleu(references, hypothesis)} when the caller passes plain STRINGS, as the soft-measures
     * notebook does ({@code sentence_bleu(reference.split(), candidate)}): NLTK then iterates characters, so this
     * is character n-gram BLEU of {@code hypothesis} against each string of {@code references}.
     */
    public double sentenceOfCharacters(List<String> references, String hypothesis) {
        Ngrams.CharGrams hyp = characterIndex.get(hypothesis);
        if (hyp == null) {
            hyp = new Ngrams.CharGrams(hypothesis, ORDERS);
            if (characterIndex.size() < CHARACTER_INDEX_LIMIT) {
                characterIndex.put(hypothesis, hyp);
            }
        }
        long[] numerators = new long[ORDERS];
        long[] denominators = new long[ORDERS];
        add(Ngrams.clippedCharacters(hyp, references, ORDERS), numerators, denominators);
        int hypLength = hyp.length;
        int[] refLengths = new int[references.size()];
        for (int r = 0; r < refLengths.length; r++) {
            refLengths[r] = references.get(r).codePointCount(0, references.get(r).length());
        }
        return score(numerators, denominators, hypLength, closestRefLength(refLengths, hypLength));
    }

    private static void add(Ngrams.Clipped[] clipped, long[] numerators, long[] denominators) {
        for (int n = 1; n <= ORDERS; n++) {
            numerators[n - 1] += clipped[n - 1].matches();
            denominators[n - 1] += Math.max(1, clipped[n - 1].total());
        }
    }

    private double score(long[] numerators, long[] denominators, long hypLengths, long refLengths) {
        double bp = brevityPenalty(refLengths, hypLengths);
        if (numerators[0] == 0) {
            return 0.0;
        }
        double[] precisions = smooth(numerators, denominators, hypLengths);
        double[] terms = new double[ORDERS];
        int k = 0;
        for (double p : precisions) {
            if (p > 0) {
                terms[k++] = 0.25 * Math.log(p);
            }
        }
        return bp * Math.exp(ExactSum.fsum(terms, k));
    }

    /** The smoothed precisions; METHOD0_LEGACY leaves zero orders out (NaN here, skipped by the p > 0 filter). */
    private double[] smooth(long[] num, long[] den, long hypLen) {
        double[] p = new double[ORDERS];
        int incvnt = 1;
        for (int i = 0; i < ORDERS; i++) {
            double exact = (double) num[i] / den[i];
            p[i] = switch (smoothing) {
                case METHOD0 -> num[i] != 0 ? exact : Double.MIN_NORMAL;
                case METHOD0_LEGACY -> num[i] != 0 ? exact : Double.NaN;
                case METHOD1 -> num[i] == 0 ? (num[i] + EPSILON) / den[i] : exact;
                case METHOD2 -> i == 0 ? exact : (double) (num[i] + 1) / (den[i] + 1);
                case METHOD3 -> num[i] == 0 ? 1.0 / ((double) (1L << incvnt++) * den[i]) : exact;
                // A zero precision of a one-token hypothesis stays 0 and is skipped (p > 0 filter).
                case METHOD4 -> num[i] == 0 && hypLen > 1
                        ? 1.0 / ((double) (1L << incvnt++) * K / Math.log(hypLen)) / den[i] : exact;
            };
        }
        return p;
    }

    /** {@code modified_precision(references, hypothesis, n)}. */
    public static Fraction modifiedPrecision(List<List<String>> references, List<String> hypothesis, int n) {
        Ngrams.Clipped c = Ngrams.clipped(hypothesis, references, n)[n - 1];
        return new Fraction(c.matches(), Math.max(1, c.total()));
    }

    /** {@code closest_ref_length}: smallest |ref - hyp|, the shorter reference on ties. */
    public static int closestRefLength(List<List<String>> references, int hypLen) {
        return closestRefLength(references.stream().mapToInt(List::size).toArray(), hypLen);
    }

    static int closestRefLength(int[] refLengths, int hypLen) {
        int best = -1;
        for (int len : refLengths) {
            if (best < 0 || Math.abs(len - hypLen) < Math.abs(best - hypLen)
                    || (Math.abs(len - hypLen) == Math.abs(best - hypLen) && len < best)) {
                best = len;
            }
        }
        return best;
    }

    /** {@code brevity_penalty(closest_ref_len, hyp_len)}. */
    public static double brevityPenalty(long closestRefLen, long hypLen) {
        if (hypLen > closestRefLen) {
            return 1.0;
        }
        if (hypLen == 0) {
            return 0.0;
        }
        return Math.exp(1.0 - (double) closestRefLen / hypLen);
    }
}
