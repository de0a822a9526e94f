package io.causalstream.scorer.maps;

import io.causalstream.fcm.model.CognitiveMap;

/**
 * A map as this instance serves it: when it was taken, its size, and the library's immutable map (null for a
 * header read from the query store or from another instance's listing).
 */
public record MapSnapshot(String id, long updated, int concepts, int edges, int contributions, CognitiveMap map) {

    public static MapSnapshot of(CognitiveMap map, long updated, int contributions) {
        return new MapSnapshot(map.id(), updated, map.concepts().size(), map.edges().size(), contributions, map);
    }

    /** The query store's value: {@code updated concepts edges contributions}. */
    public String header() {
        return updated + " " + concepts + " " + edges + " " + contributions;
    }

    /** A header from the query store (no map). */
    public static MapSnapshot header(String id, String value) {
        String[] h = value.split(" ");
        return new MapSnapshot(id, Long.parseLong(h[0]), Integer.parseInt(h[1]), Integer.parseInt(h[2]),
                Integer.parseInt(h[3]), null);
    }
}
