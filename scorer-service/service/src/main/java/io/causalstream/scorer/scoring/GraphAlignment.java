package io.causalstream.scorer.scoring;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.graph.Triple;
import java.util.List;

/**
 * Hook for a graph-level measure beside the per-measure soft F1s, written to {@code ScoredGraph.alignmentF1}
 * (the structure-first alignment F1). The default, {@link #NONE}, computes nothing (null). Implementations must be
 * thread-safe; an exception is contained by {@link GraphScorer} (the field stays null).
 */
@FunctionalInterface
public interface GraphAlignment {

    GraphAlignment NONE = (triples, gold) -> null;

    /** @return the alignment F1 in [0, 1], or null when not computed */
    Double alignmentF1(List<Triple> extracted, GoldGraph gold);
}
