package io.causalstream.validation;

import io.causalstream.encoder.Vectors;
import io.causalstream.text.Levenshtein;
import io.causalstream.text.Token;
import io.causalstream.text.Tokens;
import java.util.ArrayList;
import java.util.List;

/**
 * Stage 1 (guidelines 2 and 5 of the soft-measures paper: no concepts absent from the text, names close to it):
 * finds a node label in the passage, sentence by sentence, at the strongest level that matches — exact, stemmed,
 * fuzzy, then (when an encoder is configured) embedding. Results are kept per label with the passage.
 */
final class Grounding {

    private final PassageText passage;
    private final ValidationSettings settings;
    private final LabelVectors labels;

    /** @param labels the label embeddings, shared across calls; null when the passage is not embedded */
    Grounding(PassageText passage, ValidationSettings settings, LabelVectors labels) {
        this.passage = passage;
        this.settings = settings;
        this.labels = labels;
    }

    /** The best mention of {@code label} in each sentence where it is found, in sentence order. */
    List<Mention> mentions(String label) {
        List<Mention> found = passage.mentions.get(label);
        if (found == null) {
            found = find(label);
            passage.mentions.putIfAbsent(label, found);
        }
        return found;
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

    /**
     * Grounds many labels at once: the lexical levels first, then the labels none of them found are encoded in one
     * call instead of one call each.
     */
    void prefetch(java.util.Collection<String> all) {
        if (!settings.embeddingGrounding() || !passage.canEmbed() || labels == null) {
            return;
        }
        List<String> unmatched = new ArrayList<>();
        for (String label : new java.util.LinkedHashSet<>(all)) {
            if (passage.mentions.containsKey(label)) {
                continue;
            }
            if (refusal(label) != null) {
                passage.mentions.putIfAbsent(label, List.of());
                continue;
            }
            List<Mention> lexical = lexicalMentions(label);
            if (lexical.isEmpty() && !Tokens.of(label).isEmpty()) {
                unmatched.add(label);
            } else {
                passage.mentions.putIfAbsent(label, lexical);
            }
        }
        labels.prefetch(unmatched);
        for (String label : unmatched) {
            passage.mentions.putIfAbsent(label, withEmbedding(label, List.of()));
        }
    }

    private List<Mention> find(String label) {
        if (refusal(label) != null) {
            return List.of();
        }
        return withEmbedding(label, lexicalMentions(label));
    }

    /**
     * Why the label is no concept of this passage ({@link NotConcepts}): a function word, or words found only
     * inside a connective phrase or causal cue; null when it may be one.
     */
    String refusal(String label) {
        if (NotConcepts.functionOnly(label)) {
            return "a function word, not a concept";
        }
        List<Token> all = Tokens.of(label);
        List<Token> content = Tokens.content(all);
        if (content.isEmpty()) {
            content = all;
        }
        String phrase = null;
        for (int s = 0; s < passage.sentences().size(); s++) {
            if (lexical(all, content, s, true).level().found()) {
                return null;
            }
            if (phrase == null) {
                Mention unmasked = lexical(all, content, s, false);
                if (unmasked.level() == GroundingLevel.EXACT || unmasked.level() == GroundingLevel.STEMMED) {
                    phrase = phraseAt(s, unmasked);
                }
            }
        }
        return phrase == null ? null : "found only in '" + phrase + "', not a concept";
    }

    private String phraseAt(int sentence, Mention m) {
        List<Token> words = passage.tokens(sentence);
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).start() >= m.start() && words.get(i).end() <= m.end()
                    && passage.phrase(sentence, i) != null) {
                return passage.phrase(sentence, i);
            }
        }
        return "a connective";
    }

    /** The lexical mentions, in sentence order. */
    private List<Mention> lexicalMentions(String label) {
        List<Token> all = Tokens.of(label);
        List<Token> content = Tokens.content(all);
        if (content.isEmpty()) {
            content = all;
        }
        List<Mention> out = new ArrayList<>();
        if (all.isEmpty()) {
            return out;
        }
        for (int s = 0; s < passage.sentences().size(); s++) {
            Mention m = lexical(all, content, s, true);
            if (m.level().found()) {
                out.add(m);
            }
        }
        return out;
    }

    /** The embedding level is tried only when no lexical level matched anywhere. */
    private List<Mention> withEmbedding(String label, List<Mention> lexical) {
        if (!lexical.isEmpty() || Tokens.of(label).isEmpty() || !settings.embeddingGrounding()
                || !passage.canEmbed()) {
            return lexical;
        }
        List<Mention> out = new ArrayList<>();
        for (int s = 0; s < passage.sentences().size(); s++) {
            Mention m = embedding(label, s);
            if (m.level().found()) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * @param mask skip the words of connective phrases and causal cues ("turn" in "in turn"): a label matches the
     *             words of the passage that can name a concept
     */
    private Mention lexical(List<Token> all, List<Token> content, int sentence, boolean mask) {
        List<Token> words = passage.tokens(sentence);
        java.util.function.IntPredicate usable = i -> !mask || passage.phrase(sentence, i) == null;
        for (int i = 0; i + all.size() <= words.size(); i++) {
            boolean match = true;
            boolean anyUsable = false;
            for (int k = 0; k < all.size() && match; k++) {
                match = words.get(i + k).lower().equals(all.get(k).lower());
                anyUsable |= usable.test(i + k);
            }
            if (match && anyUsable) {
                return new Mention(GroundingLevel.EXACT, sentence, words.get(i).start(),
                        words.get(i + all.size() - 1).end(), 1.0);
            }
        }
        int[] stemmed = cover(content, words, usable, (a, b) -> a.stem().equals(b.stem()) ? 1.0 : 0.0, 1.0);
        if (stemmed != null) {
            return new Mention(GroundingLevel.STEMMED, sentence, words.get(stemmed[0]).start(),
                    words.get(stemmed[1]).end(), 1.0);
        }
        double threshold = settings.fuzzyThreshold();
        int[] fuzzy = cover(content, words, usable, (a, b) -> Math.max(Levenshtein.ratio(a.lower(), b.lower()),
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
    private static int[] cover(List<Token> label, List<Token> words, java.util.function.IntPredicate usable,
                               WordSimilarity similarity, double threshold) {
        int first = Integer.MAX_VALUE;
        int last = -1;
        double weakest = 1.0;
        for (Token t : label) {
            int bestIndex = -1;
            double best = -1;
            for (int i = 0; i < words.size(); i++) {
                if (!usable.test(i)) {
                    continue;
                }
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
        float[][] nodeVectors = labels != null ? labels.of(label)
                : passage.encoder().encode(List.of(label)).getFirst().contentVectors();
        float[][] sentenceVectors = passage.sentenceVectors(sentence);
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
