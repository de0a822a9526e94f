package io.causalstream.scorer.maps;

import io.causalstream.fcm.aggregate.ConceptSimilarity;
import java.util.function.Supplier;

/**
 * What the {@code causal-maps} sub-topology needs beside its settings: a concept similarity per stream task (each
 * keeps its own vector cache; the encoder behind them is shared), the meters, and where the emitted maps are kept
 * for the HTTP API.
 */
public record MapWiring(Supplier<ConceptSimilarity> similarity, MapMetrics metrics, MapViews views) {

    public MapWiring(Supplier<ConceptSimilarity> similarity, MapMetrics metrics) {
        this(similarity, metrics, new MapViews());
    }

    /** Concepts resolved by normalised text only, meters nobody reads. */
    public static MapWiring textOnly() {
        return new MapWiring(() -> ConceptSimilarity.NONE, MapMetrics.none());
    }
}
