package io.causalstream.measures.reference;

import io.causalstream.measures.Edge;
import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.EdgeSetScore;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.RawEdge;
import java.util.List;

/**
 * {@link ReferenceSoftF1} as an {@link EdgeSetMeasure}, so the stream and the CLI can report the reference mode
 * beside the paper-faithful measures. Directions become their enum names ({@code INCREASE}/{@code DECREASE}, an
 * unknown one the empty string); PP is always 0 and {@code f1Strict = f1} (the notebook has no partial positives);
 * FP may be negative (see {@link ReferenceScore}).
 */
public final class ReferenceMeasure implements EdgeSetMeasure {

    private final ReferenceSoftF1 softF1;

    public ReferenceMeasure(NodeSimilarity similarity, double threshold) {
        this.softF1 = new ReferenceSoftF1(similarity, threshold);
    }

    @Override
    public String name() {
        return softF1.similarity().name();
    }

    @Override
    public double threshold() {
        return softF1.threshold();
    }

    @Override
    public EdgeSetScore score(List<Edge> predicted, List<Edge> gold) {
        return toEdgeSetScore(softF1.score(raw(predicted), raw(gold)));
    }

    /** Scores raw edges (direction words as written), the way the notebook reads its files. */
    public EdgeSetScore scoreRaw(List<RawEdge> predicted, List<RawEdge> gold) {
        return toEdgeSetScore(softF1.score(predicted, gold));
    }

    private static EdgeSetScore toEdgeSetScore(ReferenceScore s) {
        return new EdgeSetScore(s.tp(), 0, s.fp(), s.fn(), s.f1(), s.f1());
    }

    private static List<RawEdge> raw(List<Edge> edges) {
        return edges.stream().map(e -> new RawEdge(e.source(), e.target(),
                e.direction() == null ? "" : e.direction().name())).toList();
    }

    @Override
    public String toString() {
        return name() + "@" + threshold();
    }
}
