package io.causalstream.scorer.maps;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The latest snapshot of every map this instance owns, as immutable library maps, for the HTTP API: written by the
 * stream tasks when they emit, read by the HTTP threads, dropped when a task leaves the instance. The query store
 * {@value MapStores#SNAPSHOTS} holds the headers (and decides, through Kafka Streams' metadata, which instance owns
 * a map); keeping the maps themselves here spares the stream thread serialising whole maps it may never be asked
 * for.
 */
public final class MapViews {

    private final Map<String, MapSnapshot> latest = new ConcurrentHashMap<>();

    void put(MapSnapshot snapshot) {
        latest.put(snapshot.id(), snapshot);
    }

    void remove(String mapId) {
        latest.remove(mapId);
    }

    public Optional<MapSnapshot> get(String mapId) {
        return Optional.ofNullable(latest.get(mapId));
    }
}
