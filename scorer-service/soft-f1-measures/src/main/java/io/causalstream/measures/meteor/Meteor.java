package io.causalstream.measures.meteor;

import io.causalstream.measures.text.PyText;
import io.causalstream.measures.text.Stemmer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * METEOR with NLTK's conventions ({@code nltk.translate.meteor_score}): words are lower-cased, then aligned in
 * three stages — exact, Porter stem, WordNet synonym — each scanning hypothesis and reference words from the last
 * to the first and taking the first match; precision P and recall R over the matches,
 * {@code Fmean = P·R / (alpha·P + (1 - alpha)·R)}, fragmentation penalty {@code gamma · (chunks / matches)^beta},
 * score {@code (1 - penalty) · Fmean}, 0 when nothing matches. Several references: the maximum.
 *
 * <p>NLTK versions differ in the stem stage ({@link StemStage}): since 3.6.2 its unmatched words go on to the
 * synonym stage as STEMS (so "always", stemmed "alway", finds no synonym); before, a bug left every word of the
 * exact stage's remainder in play, in its original form, so a word matched by stem could be matched again by
 * synonym. NLTK 3.6.6 also moved from strings to pre-tokenized input: {@link #single(String, String)} is the old
 * string API ({@code lower().split()}), {@link #single(List, List)} the new one.
 */
public final class Meteor {

    /** How the stem stage hands words to the synonym stage. */
    public enum StemStage {
        /** NLTK >= 3.6.2: the stem stage's unmatched words go on to the synonym stage, stemmed. */
        NLTK,
        /** NLTK 3.4.5 - 3.6.1: every word left by the exact stage goes on, original form, stem-matched or not. */
        LEGACY_UNFILTERED
    }

    public static final double ALPHA = 0.9;
    public static final double BETA = 3;
    public static final double GAMMA = 0.5;

    private final Stemmer stemmer;
    private final Synonyms synonyms;
    private final StemStage stemStage;
    private final double alpha;
    private final double beta;
    private final double gamma;

    public Meteor(Stemmer stemmer, Synonyms synonyms, StemStage stemStage, double alpha, double beta, double gamma) {
        this.stemmer = Objects.requireNonNull(stemmer, "stemmer");
        this.synonyms = Objects.requireNonNull(synonyms, "synonyms");
        this.stemStage = Objects.requireNonNull(stemStage, "stemStage");
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
    }

    /** NLTK's defaults: alpha 0.9, beta 3, gamma 0.5. */
    public Meteor(Stemmer stemmer, Synonyms synonyms, StemStage stemStage) {
        this(stemmer, synonyms, stemStage, ALPHA, BETA, GAMMA);
    }

    /** {@code meteor_score(references, hypothesis)} on pre-tokenized input: the best single-reference score. */
    public double score(List<List<String>> references, List<String> hypothesis) {
        double best = Double.NEGATIVE_INFINITY;
        for (List<String> reference : references) {
            best = Math.max(best, single(reference, hypothesis));
        }
        return best;
    }

    /** The old string API: {@code single_meteor_score(reference, hypothesis)} on {@code lower().split()} words. */
    public double single(String reference, String hypothesis) {
        return alignLowered(PyText.split(PyText.lower(hypothesis)), PyText.split(PyText.lower(reference)));
    }

    /** {@code single_meteor_score(reference, hypothesis)} on pre-tokenized input (each token lower-cased). */
    public double single(List<String> reference, List<String> hypothesis) {
        return alignLowered(hypothesis.stream().map(PyText::lower).toList(),
                reference.stream().map(PyText::lower).toList());
    }

    /** The score of already lower-cased hypothesis and reference words. */
    public double alignLowered(List<String> hyp, List<String> ref) {
        int h = hyp.size();
        int r = ref.size();
        if (h == 0 || r == 0) {
            return 0.0;
        }
        boolean[] hypFree = filled(h);
        boolean[] refFree = filled(r);
        int[] matchHyp = new int[Math.min(h, r) * 2];
        int[] matchRef = new int[matchHyp.length];
        int count = matchEqual(hyp, ref, hypFree, refFree, matchHyp, matchRef, 0);

        String[] hypStems = stems(hyp, hypFree);
        String[] refStems = stems(ref, refFree);
        boolean[] hypAfterStem = hypFree.clone();
        boolean[] refAfterStem = refFree.clone();
        count = matchEqual(Arrays.asList(hypStems), Arrays.asList(refStems), hypAfterStem, refAfterStem, matchHyp,
                matchRef, count);
        if (stemStage == StemStage.NLTK) {
            count = matchSynonyms(hypStems, refStems, hypAfterStem, refAfterStem, matchHyp, matchRef, count);
        } else {
            count = matchSynonyms(hyp.toArray(String[]::new), ref.toArray(String[]::new), hypFree, refFree,
                    matchHyp, matchRef, count);
        }
        if (count == 0) {
            return 0.0;
        }
        sortByHypothesis(matchHyp, matchRef, count);
        double precision = (double) count / h;
        double recall = (double) count / r;
        double fmean = (precision * recall) / (alpha * precision + (1 - alpha) * recall);
        double fragmentation = (double) chunks(matchHyp, matchRef, count) / count;
        double penalty = gamma * Math.pow(fragmentation, beta);
        return (1 - penalty) * fmean;
    }

    private static boolean[] filled(int n) {
        boolean[] b = new boolean[n];
        Arrays.fill(b, true);
        return b;
    }

    /** Stems of the words still free (null for matched ones, which no later stage looks at). */
    private String[] stems(List<String> words, boolean[] free) {
        String[] out = new String[words.size()];
        for (int i = 0; i < out.length; i++) {
            if (free[i]) {
                out[i] = stemmer.stem(words.get(i));
            }
        }
        return out;
    }

    /**
     * NLTK's {@code _match_enums}: free hypothesis words from the last, each against free reference words from the
     * last; the first equal pair matches and both leave the pool.
     */
    private static int matchEqual(List<String> hyp, List<String> ref, boolean[] hypFree, boolean[] refFree,
                                  int[] matchHyp, int[] matchRef, int count) {
        for (int i = hyp.size() - 1; i >= 0; i--) {
            if (!hypFree[i]) {
                continue;
            }
            String w = hyp.get(i);
            for (int j = ref.size() - 1; j >= 0; j--) {
                if (refFree[j] && w.equals(ref.get(j))) {
                    hypFree[i] = false;
                    refFree[j] = false;
                    count = add(matchHyp, matchRef, count, i, j);
                    break;
                }
            }
        }
        return count;
    }

    /** NLTK's {@code _enum_wordnetsyn_match}: a reference word matches if it is a synonym of the hypothesis word. */
    private int matchSynonyms(String[] hyp, String[] ref, boolean[] hypFree, boolean[] refFree, int[] matchHyp,
                              int[] matchRef, int count) {
        for (int i = hyp.length - 1; i >= 0; i--) {
            if (!hypFree[i]) {
                continue;
            }
            String word = hyp[i];
            Set<String> syns = null;
            for (int j = ref.length - 1; j >= 0; j--) {
                if (!refFree[j]) {
                    continue;
                }
                if (syns == null) {
                    syns = synonyms.of(word);
                }
                if (ref[j].equals(word) || syns.contains(ref[j])) {
                    hypFree[i] = false;
                    refFree[j] = false;
                    count = add(matchHyp, matchRef, count, i, j);
                    break;
                }
            }
        }
        return count;
    }

    private static int add(int[] matchHyp, int[] matchRef, int count, int i, int j) {
        matchHyp[count] = i;
        matchRef[count] = j;
        return count + 1;
    }

    /** Python's stable sort by hypothesis index (equal indices keep exact, stem, synonym order). */
    private static void sortByHypothesis(int[] hyp, int[] ref, int count) {
        for (int a = 1; a < count; a++) {
            int h = hyp[a];
            int r = ref[a];
            int b = a - 1;
            while (b >= 0 && hyp[b] > h) {
                hyp[b + 1] = hyp[b];
                ref[b + 1] = ref[b];
                b--;
            }
            hyp[b + 1] = h;
            ref[b + 1] = r;
        }
    }

    /** NLTK's {@code _count_chunks} over matches sorted by hypothesis position. */
    private static int chunks(int[] hyp, int[] ref, int count) {
        int chunks = 1;
        for (int i = 0; i < count - 1; i++) {
            if (!(hyp[i + 1] == hyp[i] + 1 && ref[i + 1] == ref[i] + 1)) {
                chunks++;
            }
        }
        return chunks;
    }
}
