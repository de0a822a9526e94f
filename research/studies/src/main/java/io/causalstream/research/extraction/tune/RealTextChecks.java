package io.causalstream.research.extraction.tune;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.model.ChunkedSentence;
import io.causalstream.extractor.backend.model.ClaimHead;
import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.extractor.backend.model.SpanTagger;
import io.causalstream.extractor.backend.model.WordTagging;
import io.causalstream.research.benchmark.CausalNewsSpans;
import io.causalstream.research.benchmark.CharSpan;
import io.causalstream.research.benchmark.SemEvalPairs;
import java.util.Arrays;
import java.util.List;

/**
 * What an epoch's model reads on the choice folds of the real annotated text ({@link RealTextSets.Choice}), through
 * the encoder the service runs: the claim threshold (F1 of the causal class on CNC subtask 1), the cause and effect
 * words the argument tagger finds (CNC subtask 2, word-level F1), and the direction of the SemEval nominal pairs the
 * relation head reads when the two mentions are given (pair F1). Plain Java over a {@link TokenEncoder}.
 */
final class RealTextChecks {

    private RealTextChecks() {
    }

    /** A threshold and the F1 it gives. */
    record Chosen(float threshold, double f1) {
    }

    /** The claim threshold (steps of 0.05) with the best F1 of the causal class on the choice sentences. */
    static Chosen claimThreshold(TokenEncoder encoder, ClaimHead claims, List<CausalNewsSpans.Labelled> sentences) {
        if (sentences.isEmpty()) {
            return new Chosen(0.5f, Double.NaN);
        }
        List<TokenEmbeddings> encoded = encoder.encode(sentences.stream()
                .map(s -> CausalNewsSentences.detokenised(s.text())).toList());
        float[] p = new float[encoded.size()];
        for (int k = 0; k < p.length; k++) {
            p[k] = claims.probability(encoded.get(k).meanPooled());
        }
        Chosen best = new Chosen(0.5f, -1);
        for (int step = 1; step < 20; step++) {
            float t = step / 20f;
            int tp = 0;
            int fp = 0;
            int fn = 0;
            for (int k = 0; k < p.length; k++) {
                boolean said = p[k] >= t;
                boolean causal = sentences.get(k).causal();
                tp += said && causal ? 1 : 0;
                fp += said && !causal ? 1 : 0;
                fn += !said && causal ? 1 : 0;
            }
            double f1 = tp == 0 ? 0 : 2.0 * tp / (2.0 * tp + fp + fn);
            if (f1 > best.f1()) {
                best = new Chosen(t, f1);
            }
        }
        return best;
    }

    /**
     * Word-level F1 of the argument tagger's cause and effect words against each sentence's first relation, or every
     * relation ({@link RealTextSets#allArguments}); a word is right when the tagger gives it the gold kind.
     */
    static double argumentF1(TokenEncoder encoder, SpanTagger arguments, List<CausalNewsSpans.Sentence> sentences,
                             boolean allRelations) {
        if (sentences.isEmpty()) {
            return Double.NaN;
        }
        List<List<String>> words = sentences.stream()
                .map(s -> s.words().stream().map(w -> w.of(s.text())).toList()).toList();
        List<List<SpanTagger.Span>> read = WordTagging.read(encoder, arguments, words);
        int tp = 0;
        int fp = 0;
        int fn = 0;
        for (int s = 0; s < sentences.size(); s++) {
            CausalNewsSpans.Sentence sentence = sentences.get(s);
            List<String> gold = allRelations ? RealTextSets.allArguments(sentence)
                    : sentence.argumentTags(sentence.relations().getFirst());
            int[] said = new int[gold.size()];
            Arrays.fill(said, -1);
            for (SpanTagger.Span span : read.get(s)) {
                for (int k = span.from(); k <= span.to(); k++) {
                    said[k] = span.kind();
                }
            }
            for (int k = 0; k < gold.size(); k++) {
                int g = gold.get(k).equals("O") ? -1 : gold.get(k).endsWith("C") ? 0 : 1;
                if (said[k] >= 0 && said[k] == g) {
                    tp++;
                } else {
                    fp += said[k] >= 0 ? 1 : 0;
                    fn += g >= 0 ? 1 : 0;
                }
            }
        }
        return tp == 0 ? 0 : 2.0 * tp / (2.0 * tp + fp + fn);
    }

    /** Pair F1 and the false causal link rate of the relation head on SemEval sentences, the nominals given. */
    record PairReading(double f1, double falseLinkRate) {
    }

    /**
     * The relation head's reading of each sentence's two nominals: a causal link (P(increase) + P(decrease) at or
     * above the threshold, the direction the more likely one) is right when it is the annotated Cause-Effect
     * direction.
     */
    static PairReading semevalPairs(TokenEncoder encoder, RelationHead head, float threshold,
                                    List<SemEvalPairs.Pair> pairs) {
        if (pairs.isEmpty()) {
            return new PairReading(Double.NaN, Double.NaN);
        }
        List<TokenEmbeddings> encoded = encoder.encode(pairs.stream().map(SemEvalPairs.Pair::text).toList());
        int tp = 0;
        int fp = 0;
        int fn = 0;
        int others = 0;
        int falseLinks = 0;
        for (int k = 0; k < pairs.size(); k++) {
            SemEvalPairs.Pair p = pairs.get(k);
            SentenceFeatures f = givenMentions(p.text(), List.of(RealTextSets.span(p.text(), p.e1()),
                    RealTextSets.span(p.text(), p.e2())), encoded.get(k));
            float[][][] probabilities = head.score(f);
            float forward = probabilities[0][1][RelationHead.INCREASE] + probabilities[0][1][RelationHead.DECREASE];
            float backward = probabilities[1][0][RelationHead.INCREASE] + probabilities[1][0][RelationHead.DECREASE];
            int said = Math.max(forward, backward) < threshold ? 0 : forward >= backward ? 1 : 2;
            int gold = !p.causeEffect() ? 0 : p.forward() ? 1 : 2;
            if (said != 0 && said == gold) {
                tp++;
            } else {
                fp += said != 0 ? 1 : 0;
                fn += gold != 0 ? 1 : 0;
            }
            if (gold == 0) {
                others++;
                falseLinks += said != 0 ? 1 : 0;
            }
        }
        return new PairReading(tp == 0 ? 0 : 2.0 * tp / (2.0 * tp + fp + fn),
                others == 0 ? 0 : (double) falseLinks / others);
    }

    /** A sentence's features with the given mentions as its only concepts (tokens: whitespace-separated words). */
    static SentenceFeatures givenMentions(String text, List<ConceptSpan> mentions, TokenEmbeddings encoded) {
        List<CharSpan> words = CausalNewsSpans.words(text);
        int n = words.size();
        String[] empty = new String[n];
        Arrays.fill(empty, "");
        ChunkedSentence sentence = new ChunkedSentence(0, text.length(), text,
                words.stream().mapToInt(CharSpan::start).toArray(), words.stream().mapToInt(CharSpan::end).toArray(), empty,
                empty.clone());
        return new SentenceFeatures(sentence, mentions, encoded);
    }
}
