package io.causalstream.scorer.maps;

import io.causalstream.fcm.aggregate.ConceptSimilarity;
import java.util.function.Supplier;

/**
 * What the {@code causal-maps} sub-topology needs beside its settings: a concept similarity per stream task (each
 * keeps its own vector cache; the encoder behind them is shared) and the meters.
 */
public record MapWiring(Supplier<ConceptSimilarity> similarity, MapMetrics metrics) {

    /** Concepts resolved by normalised text only, meters nobody reads. */
    public static MapWiring textOnly() {
        return new MapWiring(() -> ConceptSimilarity.NONE, MapMetrics.none());
    }
}
