package io.causalstream.measures;

import io.causalstream.schemas.graph.Triple;
import java.util.Collection;
import java.util.List;

/**
 * A soft F1 between a predicted and a gold edge set under one node similarity and threshold: the paper-faithful
 * {@link EdgeSetScorer} or the reference-compatible {@code reference.ReferenceMeasure}. Thread-safe.
 */
public interface EdgeSetMeasure {

    /** The measure's name, written to {@code MeasureScore.measure}. */
    String name();

    /** The threshold T, written to {@code MeasureScore.threshold}. */
    double threshold();

    EdgeSetScore score(List<Edge> predicted, List<Edge> gold);

    default EdgeSetScore scoreTriples(Collection<Triple> predicted, Collection<Triple> gold) {
        return score(predicted.stream().map(Edge::of).toList(), gold.stream().map(Edge::of).toList());
    }
}
