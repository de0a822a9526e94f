package io.causalstream.scorer.maps;

import io.causalstream.fcm.model.CognitiveMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Where {@link MapsApi} finds maps: the query store of this instance, the owner of a map, or (tests) memory. */
public interface MapDirectory {

    /** The map lives on another instance: ask it there. */
    final class Redirect extends RuntimeException {
        private final String url;

        public Redirect(String url) {
            super(url, null, false, false);
            this.url = url;
        }

        public String url() {
            return url;
        }
    }

    /**
     * The map held by this instance; empty when there is no such map. Throws {@link Redirect} (with the same
     * {@code pathAndQuery} on the owner) when another instance owns it.
     */
    Optional<MapSnapshot> find(String mapId, String pathAndQuery);

    /** The headers (no JSON) of the maps here, and unless {@code localOnly} of every instance's. */
    List<MapSnapshot> headers(boolean localOnly);

    /** The map wherever it lives (fetched from its owner when needed). */
    Optional<CognitiveMap> fetch(String mapId);

    /** Maps held in memory: for tests and tools. */
    static MapDirectory of(Map<String, MapSnapshot> maps) {
        return new MapDirectory() {
            @Override
            public Optional<MapSnapshot> find(String mapId, String pathAndQuery) {
                return Optional.ofNullable(maps.get(mapId));
            }

            @Override
            public List<MapSnapshot> headers(boolean localOnly) {
                return List.copyOf(maps.values());
            }

            @Override
            public Optional<CognitiveMap> fetch(String mapId) {
                return find(mapId, "").map(MapSnapshot::map);
            }
        };
    }
}
