package io.causalstream.scorer.maps;

import io.causalstream.fcm.model.CognitiveMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where {@link MapsApi} finds maps: the query store of this instance, the instance that owns a map, or (tests)
 * memory.
 */
public interface MapDirectory {

    /**
     * The map, read here or fetched from the instance that owns it; empty when there is no such map.
     *
     * @param hereOnly the request was forwarded by another instance: answer from this instance's store or refuse
     *                 (503, the map has moved), never forward again
     */
    Optional<CognitiveMap> fetch(String mapId, boolean hereOnly);

    /** The headers (no JSON) of the maps here, and unless {@code localOnly} of every instance's. */
    List<MapSnapshot> headers(boolean localOnly);

    /** Maps held in memory: for tests and tools. */
    static MapDirectory of(Map<String, MapSnapshot> maps) {
        return new MapDirectory() {
            @Override
            public Optional<CognitiveMap> fetch(String mapId, boolean hereOnly) {
                return Optional.ofNullable(maps.get(mapId)).map(MapSnapshot::map);
            }

            @Override
            public List<MapSnapshot> headers(boolean localOnly) {
                return List.copyOf(maps.values());
            }
        };
    }
}
