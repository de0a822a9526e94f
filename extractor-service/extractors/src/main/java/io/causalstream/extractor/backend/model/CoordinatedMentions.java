package io.causalstream.extractor.backend.model;

import io.causalstream.extractor.backend.rules.Polarity;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "The drought reduced crop yields <b>and</b> farm incomes": a mention coordinated with one end of an edge the head
 * read is an end of the same claim, one edge per conjunct (the annotation rules count them so). The relation head
 * reads the first conjunct and often leaves the second below its threshold (it learned claims between a subject and
 * one object); here the second needs only {@link #THRESHOLD}. A conjunct is a candidate next to the end with nothing
 * between them but a comma, "and" or "or" (and the conjunct's own change word), that no verb follows: in "Drought
 * reduced yields, and prices rose", "prices" opens a clause of its own.
 */
final class CoordinatedMentions {

    /**
     * The head's P(edge) a conjunct's pair needs: far below the decoding threshold, above what unrelated pairs get
     * (chosen on SemEval's choice fold and the val split, docs/extractor-model.md).
     */
    static final float THRESHOLD = 0.05f;

    /** Only a coordinator between two mentions, maybe with the second's change word (group 1). */
    private static final Pattern COORDINATOR = Pattern.compile(
            "\\s*(?:,\\s*(?:and|or)?|and|or)\\s*(?:([\\p{L}-]+)\\s*)?", Pattern.CASE_INSENSITIVE);

    private CoordinatedMentions() {
    }

    /**
     * The pairs the edges {@code read} give the mentions coordinated with their ends, that neither {@code read} nor an
     * overlapping pair already holds, each with the head's own sign and P(edge) for it (decoding then states the sign
     * as for any pair).
     */
    static List<PairDecoder.Decoded> pairs(SentenceFeatures f, float[][][] probabilities,
                                           List<PairDecoder.Decoded> read) {
        return pairs(f.sentence(), f.spans(), probabilities, read);
    }

    /** The same for a chunked sentence and its candidates. */
    static List<PairDecoder.Decoded> pairs(ChunkedSentence f, List<ConceptSpan> spans, float[][][] probabilities,
                                           List<PairDecoder.Decoded> read) {
        List<PairDecoder.Decoded> out = new ArrayList<>();
        for (PairDecoder.Decoded d : read) {
            for (int k = 0; k < spans.size(); k++) {
                if (coordinated(f, spans.get(d.effect()), spans.get(k))) {
                    add(spans, probabilities, d.cause(), k, read, out);
                }
                if (coordinated(f, spans.get(d.cause()), spans.get(k))) {
                    add(spans, probabilities, k, d.effect(), read, out);
                }
            }
        }
        return out;
    }

    private static void add(List<ConceptSpan> spans, float[][][] probabilities, int cause, int effect,
                            List<PairDecoder.Decoded> read, List<PairDecoder.Decoded> out) {
        ConceptSpan c = spans.get(cause);
        ConceptSpan e = spans.get(effect);
        float[] p = probabilities[cause][effect];
        if (p == null || c.overlaps(e) || p[RelationHead.INCREASE] + p[RelationHead.DECREASE] < THRESHOLD) {
            return;
        }
        for (List<PairDecoder.Decoded> taken : List.of(read, out)) {
            if (taken.stream().anyMatch(t -> PairDecoder.sameClaim(spans, t, c, e))) {
                return;
            }
        }
        out.add(PairDecoder.Decoded.of(cause, effect, p));
    }

    /** Whether {@code other} is a conjunct of {@code end}: next to it, a coordinator alone between, no verb after. */
    static boolean coordinated(ChunkedSentence s, ConceptSpan end, ConceptSpan other) {
        if (end.overlaps(other)) {
            return false;
        }
        ConceptSpan first = end.start() < other.start() ? end : other;
        ConceptSpan second = first == end ? other : end;
        String text = s.text();
        Matcher between = COORDINATOR.matcher(text.substring(first.end(), second.start()));
        if (!between.matches() || between.group(1) != null && !Polarity.isChangeModifier(between.group(1))) {
            return false;
        }
        // the conjunct that comes second must not be a clause's subject ("and prices rose")
        int next = second.to() + 1;
        return next >= s.size() || !(s.pos()[next].startsWith("VB") || s.pos()[next].equals("MD"));
    }
}
