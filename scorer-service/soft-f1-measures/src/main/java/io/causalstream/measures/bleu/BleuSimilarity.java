package io.causalstream.measures.bleu;

import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.text.PyText;
import io.causalstream.measures.text.TokenCache;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sentence BLEU of a predicted node label against the gold label (one reference), in [0, 1].
 *
 * <ul>
 *   <li>{@link #sacrebleu()} ({@value #NAME}): {@code sacrebleu.sentence_bleu} — 13a tokenizer, exp smoothing and
 *       effective order, which is what makes BLEU usable on labels of two or three words (unsmoothed 4-gram BLEU
 *       of a two-word label is 0 whatever it says) — on lower-cased text, as case carries no causal meaning.</li>
 *   <li>{@link #nltk(NltkBleu.Smoothing)} ({@value #NLTK_NAME}): NLTK's {@code sentence_bleu} on lower-cased
 *       whitespace tokens with the given smoothing (the registry uses method 1, epsilon 0.1).</li>
 * </ul>
 * BLEU is asymmetric: the predicted label is the hypothesis, the gold label the reference.
 */
public final class BleuSimilarity implements NodeSimilarity {

    public static final String NAME = "bleu";
    public static final String NLTK_NAME = "bleu-nltk";

    private final String name;
    private final SacreBleu sacre;
    private final NltkBleu nltk;
    private final TokenIds nltkTokens = new TokenIds();

    private BleuSimilarity(String name, SacreBleu sacre, NltkBleu nltk) {
        this.name = name;
        this.sacre = sacre;
        this.nltk = nltk;
    }

    public static BleuSimilarity sacrebleu() {
        return new BleuSimilarity(NAME, new SacreBleu(SacreBleu.Options.sentenceDefaults().withLowercase(true)), null);
    }

    public static BleuSimilarity nltk(NltkBleu.Smoothing smoothing) {
        return new BleuSimilarity(NLTK_NAME, null, new NltkBleu(Objects.requireNonNull(smoothing)));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public double similarity(String predicted, String gold) {
        if (sacre != null) {
            // exp(mean(log 100)) is 100.00000000000004 in floating point: keep the similarity within [0, 1].
            return Math.min(1.0, sacre.sentence(predicted, List.of(gold)).score() / 100.0);
        }
        int[] hyp = nltkTokens.ids(predicted);
        int[] ref = nltkTokens.ids(gold);
        if (hyp == null || ref == null) {
            List<String> hypWords = nltkTokens.tokens.tokens(predicted);
            return hypWords.isEmpty() ? 0.0 : nltk.sentence(List.of(nltkTokens.tokens.tokens(gold)), hypWords);
        }
        return hyp.length == 0 ? 0.0 : nltk.sentenceOfIds(new int[][] {ref}, hyp);
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * Lower-cased whitespace tokens of a label as ids (one id per distinct token string of this instance), kept
     * per label. Bounded: once 100,000 distinct tokens have ids, a label with a new token has none (null)
     * and is compared by its strings.
     */
    private static final class TokenIds {
        private static final int LIMIT = 100_000;
        final TokenCache tokens = new TokenCache(label -> PyText.split(PyText.lower(label)));
        private final Map<String, Integer> ids = new ConcurrentHashMap<>();
        private final AtomicInteger next = new AtomicInteger();
        private final Map<String, int[]> labels = new ConcurrentHashMap<>();

        int[] ids(String label) {
            int[] cached = labels.get(label);
            if (cached != null) {
                return cached;
            }
            List<String> words = tokens.tokens(label);
            int[] out = new int[words.size()];
            for (int i = 0; i < out.length; i++) {
                Integer id = ids.get(words.get(i));
                if (id == null) {
                    if (ids.size() >= LIMIT) {
                        return null;
                    }
                    id = ids.computeIfAbsent(words.get(i), w -> next.incrementAndGet());
                }
                out[i] = id;
            }
            if (labels.size() < LIMIT) {
                labels.put(label, out);
            }
            return out;
        }
    }
}
