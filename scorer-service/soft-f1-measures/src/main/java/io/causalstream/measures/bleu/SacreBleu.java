package io.causalstream.measures.bleu;

import io.causalstream.measures.text.PyText;
import io.causalstream.measures.text.TokenCache;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * BLEU with sacrebleu's conventions (Post, 2018; the {@code sacrebleu} package, 2.x): tokenizer, optional
 * lower-casing, clipped n-gram counts against the maximum count over the references, the closest reference length
 * (shorter on ties), smoothing {@code none | floor | add-k | exp} and "effective order" (ignore n-gram orders the
 * hypothesis is too short to have). Scores are on sacrebleu's 0-100 scale.
 *
 * <p>{@code sentence_bleu} is {@link #sentence} with {@link Options#sentenceDefaults()} (exp smoothing,
 * effective order on); {@code corpus_bleu} is {@link #corpus} with {@link Options#corpusDefaults()}.
 *
 * <p>One version difference is selectable: sacrebleu 2.x returns 0 when no n-gram of any order matches
 * ({@code noMatchIsZero}; github.com/mjpost/sacrebleu/issues/141); 1.x went on and smoothed those zero precisions.
 */
public final class SacreBleu {

    public static final int MAX_ORDER = 4;

    /** sacrebleu's smoothing methods, with their default values. */
    public enum Smoothing {
        NONE("none", Double.NaN), FLOOR("floor", 0.1), ADD_K("add-k", 1.0), EXP("exp", Double.NaN);

        private final String id;
        private final double defaultValue;

        Smoothing(String id, double defaultValue) {
            this.id = id;
            this.defaultValue = defaultValue;
        }

        public String id() {
            return id;
        }

        public static Smoothing byId(String id) {
            for (Smoothing s : values()) {
                if (s.id.equals(id)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown sacrebleu smoothing '" + id + "' (none, floor, add-k, exp)");
        }
    }

    /**
     * @param smoothValue the floor or k; NaN for the method's default
     */
    public record Options(BleuTokenizer tokenizer, boolean lowercase, Smoothing smoothing, double smoothValue,
                          boolean effectiveOrder, boolean noMatchIsZero) {

        public Options {
            Objects.requireNonNull(tokenizer, "tokenizer");
            Objects.requireNonNull(smoothing, "smoothing");
        }

        /** {@code sacrebleu.sentence_bleu}: 13a, case-sensitive, exp smoothing, effective order. */
        public static Options sentenceDefaults() {
            return new Options(BleuTokenizer.THIRTEEN_A, false, Smoothing.EXP, Double.NaN, true, true);
        }

        /** {@code sacrebleu.corpus_bleu}: 13a, case-sensitive, exp smoothing, no effective order. */
        public static Options corpusDefaults() {
            return new Options(BleuTokenizer.THIRTEEN_A, false, Smoothing.EXP, Double.NaN, false, true);
        }

        public Options withTokenizer(BleuTokenizer t) {
            return new Options(t, lowercase, smoothing, smoothValue, effectiveOrder, noMatchIsZero);
        }

        public Options withLowercase(boolean lc) {
            return new Options(tokenizer, lc, smoothing, smoothValue, effectiveOrder, noMatchIsZero);
        }

        public Options withSmoothing(Smoothing s, double value) {
            return new Options(tokenizer, lowercase, s, value, effectiveOrder, noMatchIsZero);
        }

        public Options withEffectiveOrder(boolean on) {
            return new Options(tokenizer, lowercase, smoothing, smoothValue, on, noMatchIsZero);
        }

        public Options withNoMatchIsZero(boolean on) {
            return new Options(tokenizer, lowercase, smoothing, smoothValue, effectiveOrder, on);
        }
    }

    /** Sufficient statistics of one or more segments: lengths, matching and total n-grams per order. */
    public record Statistics(int sysLen, int refLen, int[] correct, int[] total) {

        Statistics plus(Statistics o) {
            int[] c = correct.clone();
            int[] t = total.clone();
            for (int i = 0; i < MAX_ORDER; i++) {
                c[i] += o.correct[i];
                t[i] += o.total[i];
            }
            return new Statistics(sysLen + o.sysLen, refLen + o.refLen, c, t);
        }

        static Statistics empty() {
            return new Statistics(0, 0, new int[MAX_ORDER], new int[MAX_ORDER]);
        }
    }

    private final Options options;
    private final TokenCache tokens;

    public SacreBleu(Options options) {
        this.options = Objects.requireNonNull(options, "options");
        // sacrebleu caches tokenization too (lru_cache on the tokenizer); here per instance, bounded.
        this.tokens = new TokenCache(sentence -> PyText.split(preprocess(sentence)));
    }

    public Options options() {
        return options;
    }

    /** {@code sentence_bleu(hypothesis, references)} under these options. */
    public BleuScore sentence(String hypothesis, List<String> references) {
        return score(statistics(hypothesis, references));
    }

    /**
     * {@code corpus_bleu(hypotheses, referenceStreams)}: {@code referenceStreams.get(k).get(i)} is the k-th
     * reference of hypothesis i.
     */
    public BleuScore corpus(List<String> hypotheses, List<List<String>> referenceStreams) {
        Statistics sum = Statistics.empty();
        for (int i = 0; i < hypotheses.size(); i++) {
            int index = i;
            sum = sum.plus(statistics(hypotheses.get(i), referenceStreams.stream().map(s -> s.get(index)).toList()));
        }
        return score(sum);
    }

    public Statistics statistics(String hypothesis, List<String> references) {
        List<List<String>> refTokens = new ArrayList<>(references.size());
        int[] refLens = new int[references.size()];
        for (int r = 0; r < references.size(); r++) {
            refTokens.add(tokens.tokens(references.get(r)));
            refLens[r] = refTokens.get(r).size();
        }
        List<String> hypTokens = tokens.tokens(hypothesis);
        Ngrams.Clipped[] clipped = Ngrams.clipped(hypTokens, refTokens, MAX_ORDER);
        int[] correct = new int[MAX_ORDER];
        int[] total = new int[MAX_ORDER];
        for (int i = 0; i < MAX_ORDER; i++) {
            correct[i] = (int) clipped[i].matches();
            total[i] = (int) clipped[i].total();
        }
        return new Statistics(hypTokens.size(), closestRefLength(hypTokens.size(), refLens), correct, total);
    }

    public BleuScore score(Statistics s) {
        return computeBleu(s.correct(), s.total(), s.sysLen(), s.refLen(), options.smoothing(),
                options.smoothValue(), options.effectiveOrder(), options.noMatchIsZero());
    }

    private String preprocess(String sentence) {
        String s = options.lowercase() ? PyText.lower(sentence) : sentence;
        return options.tokenizer().tokenize(PyText.rstrip(s));
    }

    /** sacrebleu's closest reference length: smallest |hyp - ref|, the shorter reference on ties. */
    static int closestRefLength(int hypLen, int[] refLens) {
        int closestDiff = -1;
        int closestLen = -1;
        for (int refLen : refLens) {
            int diff = Math.abs(hypLen - refLen);
            if (closestDiff == -1 || diff < closestDiff) {
                closestDiff = diff;
                closestLen = refLen;
            } else if (diff == closestDiff && refLen < closestLen) {
                closestLen = refLen;
            }
        }
        return closestLen;
    }

    /**
     * {@code BLEU.compute_bleu}: the score from sufficient statistics.
     *
     * @param smoothValue NaN for the method's default
     */
    public static BleuScore computeBleu(int[] correctCounts, int[] totalCounts, int sysLen, int refLen,
                                        Smoothing smoothing, double smoothValue, boolean effectiveOrder,
                                        boolean noMatchIsZero) {
        double value = Double.isNaN(smoothValue) ? smoothing.defaultValue : smoothValue;
        double[] correct = new double[MAX_ORDER];
        double[] total = new double[MAX_ORDER];
        boolean anyMatch = false;
        for (int i = 0; i < MAX_ORDER; i++) {
            correct[i] = correctCounts[i];
            total[i] = totalCounts[i];
            anyMatch |= correctCounts[i] != 0;
        }
        double bp = sysLen < refLen ? (sysLen > 0 ? Math.exp(1.0 - (double) refLen / sysLen) : 0.0) : 1.0;
        double[] precisions = new double[MAX_ORDER];
        if (noMatchIsZero && !anyMatch) {
            return new BleuScore(0.0, correctCounts.clone(), totalCounts.clone(), precisions, bp, sysLen, refLen);
        }
        double smoothMteval = 1.0;
        int order = MAX_ORDER;
        for (int n = 1; n <= MAX_ORDER; n++) {
            if (smoothing == Smoothing.ADD_K && n > 1) {
                correct[n - 1] += value;
                total[n - 1] += value;
            }
            if (total[n - 1] == 0) {
                break;
            }
            if (effectiveOrder) {
                order = n;
            }
            if (correct[n - 1] == 0) {
                if (smoothing == Smoothing.EXP) {
                    smoothMteval *= 2;
                    precisions[n - 1] = 100.0 / (smoothMteval * total[n - 1]);
                } else if (smoothing == Smoothing.FLOOR) {
                    precisions[n - 1] = 100.0 * value / total[n - 1];
                }
            } else {
                precisions[n - 1] = 100.0 * correct[n - 1] / total[n - 1];
            }
        }
        double logSum = 0.0;
        for (int i = 0; i < order; i++) {
            logSum += precisions[i] == 0.0 ? -9999999999.0 : Math.log(precisions[i]);
        }
        double score = bp * Math.exp(logSum / order);
        return new BleuScore(score, correctCounts.clone(), totalCounts.clone(), precisions, bp, sysLen, refLen);
    }
}
