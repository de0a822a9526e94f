package io.causalstream.scorer.topology;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.scoring.ScoredGraph;

/**
 * Told about every scored graph the topology emits, e.g. to update metrics. Called on a stream thread: it must be
 * fast and must not throw. Under exactly-once a task may re-process records after an aborted transaction, so an
 * observer may see a graph more than once; it must only feed approximate signals such as metrics.
 */
@FunctionalInterface
public interface ScoringObserver {

    ScoringObserver NONE = graph -> {
    };

    void scored(ScoredGraph graph);

    /**
     * The gold a passage's graphs are scored against changed ({@code after} null: the passage lost its gold). Each
     * change is also logged with its origin by the topology.
     */
    default void goldChanged(String passageId, GoldGraph before, GoldGraph after) {
    }
}
