package io.causalstream.validation;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.Vectors;
import io.causalstream.text.Levenshtein;
import io.causalstream.text.Token;
import io.causalstream.text.Tokens;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stage 1 (guidelines 2 and 5 of the soft-measures paper: no concepts absent from the text, names close to it):
 * finds a node label in the passage, sentence by sentence, at the strongest level that matches — exact, stemmed,
 * fuzzy, then (when an encoder is configured) embedding. Results are cached per label for the call.
 */
final class Grounding {

    private final PassageText passage;
    private final ValidationSettings settings;
    private final Map<String, List<Mention>> cache = new HashMap<>();
    private final Map<String, TokenEmbeddings> labelEmbeddings = new HashMap<>();

    Grounding(PassageText passage, ValidationSettings settings) {
        this.passage = passage;
        this.settings = settings;
    }

    /** The best mention of {@code label} in each sentence where it is found, in sentence order. */
    List<Mention> mentions(String label) {
        return cache.computeIfAbsent(label, this::find);
    }

    /** The best mention overall, or {@link Mention#NONE}. */
    Mention best(String label) {
        Mention best = Mention.NONE;
        for (Mention m : mentions(label)) {
            if (m.betterThan(best)) {
                best = m;
            }
        }
        return best;
    }

    /** The best mention within one sentence, or {@link Mention#NONE}. */
    Mention in(String label, int sentence) {
        for (Mention m : mentions(label)) {
            if (m.sentence() == sentence) {
                return m;
            }
        }
        return Mention.NONE;
    }

    private List<Mention> find(String label) {
        List<Token> all = Tokens.of(label);
        List<Token> content = Tokens.content(all);
        if (content.isEmpty()) {
            content = all;
        }
        List<Mention> out = new ArrayList<>();
        if (all.isEmpty()) {
            return out;
        }
        boolean lexical = false;
        for (int s = 0; s < passage.sentences().size(); s++) {
            Mention m = lexical(all, content, s);
            if (m.level().found()) {
                out.add(m);
                lexical = true;
            }
        }
        if (!lexical && settings.embeddingGrounding() && passage.canEmbed()) {
            for (int s = 0; s < passage.sentences().size(); s++) {
                Mention m = embedding(label, s);
                if (m.level().found()) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    private Mention lexical(List<Token> all, List<Token> content, int sentence) {
        List<Token> words = passage.tokens(sentence);
        for (int i = 0; i + all.size() <= words.size(); i++) {
            boolean match = true;
            for (int k = 0; k < all.size() && match; k++) {
                match = words.get(i + k).lower().equals(all.get(k).lower());
            }
            if (match) {
                return new Mention(GroundingLevel.EXACT, sentence, words.get(i).start(),
                        words.get(i + all.size() - 1).end(), 1.0);
            }
        }
        int[] stemmed = cover(content, words, (a, b) -> a.stem().equals(b.stem()) ? 1.0 : 0.0, 1.0);
        if (stemmed != null) {
            return new Mention(GroundingLevel.STEMMED, sentence, words.get(stemmed[0]).start(),
                    words.get(stemmed[1]).end(), 1.0);
        }
        double threshold = settings.fuzzyThreshold();
        int[] fuzzy = cover(content, words, (a, b) -> Math.max(Levenshtein.ratio(a.lower(), b.lower()),
                Levenshtein.ratio(a.stem(), b.stem())), threshold);
        if (fuzzy != null) {
            return new Mention(GroundingLevel.FUZZY, sentence, words.get(fuzzy[0]).start(), words.get(fuzzy[1]).end(),
                    fuzzy[2] / 1000.0);
        }
        return Mention.NONE;
    }

    private interface WordSimilarity {
        double of(Token label, Token passage);
    }

    /**
     * Whether every label word has a passage word of this sentence at or above {@code threshold}; returns
     * {first index, last index, weakest score * 1000} of the chosen words, or null.
     */
    private static int[] cover(List<Token> label, List<Token> words, WordSimilarity similarity, double threshold) {
        int first = Integer.MAX_VALUE;
        int last = -1;
        double weakest = 1.0;
        for (Token t : label) {
            int bestIndex = -1;
            double best = -1;
            for (int i = 0; i < words.size(); i++) {
                double s = similarity.of(t, words.get(i));
                if (s > best) {
                    best = s;
                    bestIndex = i;
                }
            }
            if (best < threshold) {
                return null;
            }
            first = Math.min(first, bestIndex);
            last = Math.max(last, bestIndex);
            weakest = Math.min(weakest, best);
        }
        return new int[] {first, last, (int) Math.round(weakest * 1000)};
    }

    private Mention embedding(String label, int sentence) {
        TokenEmbeddings node = labelEmbeddings.computeIfAbsent(label,
                l -> passage.encoder().encode(List.of(l)).getFirst());
        float[][] nodeVectors = node.contentVectors();
        float[][] sentenceVectors = passage.sentenceEmbeddings(sentence).contentVectors();
        if (nodeVectors.length == 0 || sentenceVectors.length == 0) {
            return Mention.NONE;
        }
        double recall = 0;
        for (float[] v : nodeVectors) {
            double best = -1;
            for (float[] w : sentenceVectors) {
                best = Math.max(best, Vectors.cosine(v, w));
            }
            recall += best;
        }
        recall /= nodeVectors.length;
        if (recall < settings.embeddingThreshold()) {
            return Mention.NONE;
        }
        var s = passage.sentences().get(sentence);
        return new Mention(GroundingLevel.EMBEDDING, sentence, s.start(), s.end(), recall);
    }
}
