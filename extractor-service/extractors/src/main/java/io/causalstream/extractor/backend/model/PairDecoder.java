package io.causalstream.extractor.backend.model;

import io.causalstream.schemas.graph.Direction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns a sentence's pair probabilities into edges: every ordered pair whose P(increase) + P(decrease) reaches the
 * threshold, most confident first, the direction the larger of the two; a pair whose cause and effect both overlap
 * those of an edge already taken is the same claim read with other boundaries ("levels" / "low levels of
 * rainfall") and is dropped, as is the reverse of a taken edge.
 */
public final class PairDecoder {

    /** One edge: cause i, effect j of the sentence's spans, its direction and P(edge). */
    public record Decoded(int cause, int effect, Direction direction, float confidence) {

        /** The head's reading of the pair: the larger of its two signs, P(edge) = P(increase) + P(decrease). */
        static Decoded of(int cause, int effect, float[] p) {
            return new Decoded(cause, effect, p[RelationHead.DECREASE] > p[RelationHead.INCREASE]
                    ? Direction.DECREASE : Direction.INCREASE, p[RelationHead.INCREASE] + p[RelationHead.DECREASE]);
        }
    }

    /** At most this many edges per sentence. */
    static final int MAX_EDGES = 12;

    public static List<Decoded> decode(SentenceFeatures f, float[][][] probabilities, float threshold) {
        List<Decoded> candidates = new ArrayList<>();
        int n = probabilities.length;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                float[] p = probabilities[i][j];
                if (p == null) {
                    continue;
                }
                if (p[RelationHead.INCREASE] + p[RelationHead.DECREASE] >= threshold) {
                    candidates.add(Decoded.of(i, j, p));
                }
            }
        }
        candidates.sort(Comparator.comparingDouble((Decoded e) -> -e.confidence())
                .thenComparingInt(Decoded::cause).thenComparingInt(Decoded::effect));
        List<Decoded> taken = new ArrayList<>();
        List<ConceptSpan> spans = f.spans();
        for (Decoded c : candidates) {
            if (taken.stream().noneMatch(t -> sameClaim(spans, t, spans.get(c.cause()), spans.get(c.effect())))) {
                taken.add(c);
                if (taken.size() == MAX_EDGES) {
                    break;
                }
            }
        }
        return taken;
    }

    /**
     * Whether the pair (cause, effect) is the edge {@code taken} read with other boundaries, or its reverse: both ends
     * overlap the edge's ends, in either order.
     */
    static boolean sameClaim(List<ConceptSpan> spans, Decoded taken, ConceptSpan cause, ConceptSpan effect) {
        ConceptSpan c = spans.get(taken.cause());
        ConceptSpan e = spans.get(taken.effect());
        return c.overlaps(cause) && e.overlaps(effect) || c.overlaps(effect) && e.overlaps(cause);
    }

    private PairDecoder() {
    }
}
