package io.causalstream.fcm.model;

import java.util.List;

/**
 * A concept of a map.
 *
 * @param id the concept's key: the normalised text of the first label that named it
 * @param label a readable label (the first surface form seen)
 * @param aliases the other normalised labels resolved to this concept (by configuration or similarity), in the
 *     order they were merged; empty when nothing was merged
 */
public record Concept(String id, String label, List<String> aliases) {

    public Concept {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("a concept needs an id");
        }
        label = label == null || label.isBlank() ? id : label;
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
    }

    public static Concept of(String id) {
        return new Concept(id, id, List.of());
    }
}
