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
                float edge = p[RelationHead.INCREASE] + p[RelationHead.DECREASE];
                if (edge >= threshold) {
                    candidates.add(new Decoded(i, j, p[RelationHead.DECREASE] > p[RelationHead.INCREASE]
                            ? Direction.DECREASE : Direction.INCREASE, edge));
                }
            }
        }
        candidates.sort(Comparator.comparingDouble((Decoded e) -> -e.confidence())
                .thenComparingInt(Decoded::cause).thenComparingInt(Decoded::effect));
        List<Decoded> taken = new ArrayList<>();
        List<ConceptSpan> spans = f.spans();
        for (Decoded c : candidates) {
            boolean duplicate = false;
            for (Decoded t : taken) {
                boolean same = spans.get(c.cause()).overlaps(spans.get(t.cause()))
                        && spans.get(c.effect()).overlaps(spans.get(t.effect()));
                boolean reverse = spans.get(c.cause()).overlaps(spans.get(t.effect()))
                        && spans.get(c.effect()).overlaps(spans.get(t.cause()));
                if (same || reverse) {
                    duplicate = true;
                    break;
                }
            }
            if (!duplicate) {
                taken.add(c);
                if (taken.size() == MAX_EDGES) {
                    break;
                }
            }
        }
        return taken;
    }

    private PairDecoder() {
    }
}
