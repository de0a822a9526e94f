package io.causalstream.fcm.model;

import java.util.List;

/**
 * A signed weighted edge of a map, with the evidence behind it.
 *
 * @param weight in [-1, 1]: positive when more of {@code source} means more of {@code target}
 * @param support counts of the evidence, contradicting annotations included (empty for a hand-made or imported
 *     map)
 * @param provenance every annotation behind the edge, both signs (empty for a hand-made or imported map)
 */
public record MapEdge(String source, String target, double weight, EdgeSupport support, List<Evidence> provenance) {

    public MapEdge {
        if (source == null || target == null) {
            throw new IllegalArgumentException("an edge needs a source and a target");
        }
        if (!(weight >= -1 && weight <= 1)) {
            throw new IllegalArgumentException("weight " + weight + " of " + source + " -> " + target
                    + " is outside [-1, 1]");
        }
        support = support == null ? EdgeSupport.NONE : support;
        provenance = provenance == null ? List.of() : List.copyOf(provenance);
    }

    public static MapEdge of(String source, String target, double weight) {
        return new MapEdge(source, target, weight, EdgeSupport.NONE, List.of());
    }
}
