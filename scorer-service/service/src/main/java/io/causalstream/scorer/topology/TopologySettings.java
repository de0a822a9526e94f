package io.causalstream.scorer.topology;

import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.maps.MapSettings;

/**
 * What the scorer's topology is built from, besides its collaborators (the scorer, the validation workers, the
 * maps' wiring). The service reads it from its configuration (the scorer settings' {@code topology()}, where the
 * keys are listed); tests and tools may build it directly.
 *
 * @param goldPreference  which gold a passage is scored against when it has both
 * @param maxEdges        extractions and golds with more edges are dead-lettered instead of scored
 * @param maxPassageChars the longest passage text kept
 * @param maps            the collective causal maps (off: no map nodes)
 */
public record TopologySettings(GoldPreference goldPreference, int maxEdges, int maxPassageChars,
                               MapSettings maps) {
}
