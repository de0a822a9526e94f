package io.causalstream.scorer.maps;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.MapEdge;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code causal-maps} sub-topology's meters: scored graphs aggregated or skipped, map updates emitted, and the
 * size of the maps this instance owns (maps, concepts, edges, contradicted edges), as of their last snapshot.
 */
public final class MapMetrics {

    private record Size(int concepts, int edges, int contradicted) {
    }

    private final Counter aggregated;
    private final Counter filtered;
    private final Counter noMap;
    private final Counter emitted;
    private final Map<String, Size> sizes = new ConcurrentHashMap<>();

    public MapMetrics(MeterRegistry registry) {
        aggregated = Counter.builder("maps.graphs.aggregated")
                .description("Scored graphs aggregated into a collective map (one per map they belong to)")
                .register(registry);
        filtered = Counter.builder("maps.graphs.skipped").tag("reason", "filtered")
                .description("Scored graphs of annotators or kinds the map settings leave out").register(registry);
        noMap = Counter.builder("maps.graphs.skipped").tag("reason", "no-map-key")
                .description("Scored graphs whose passage has no value for the map key (or is not known yet)")
                .register(registry);
        emitted = Counter.builder("maps.updates.emitted")
                .description("Map snapshots written to causal-maps").register(registry);
        Gauge.builder("maps.count", sizes, Map::size).description("Collective maps owned by this instance")
                .register(registry);
        Gauge.builder("maps.concepts", sizes, s -> s.values().stream().mapToInt(Size::concepts).sum())
                .description("Concepts over the maps owned by this instance").register(registry);
        Gauge.builder("maps.edges", sizes, s -> s.values().stream().mapToInt(Size::edges).sum())
                .description("Edges over the maps owned by this instance").register(registry);
        Gauge.builder("maps.edges.contradicted", sizes, s -> s.values().stream().mapToInt(Size::contradicted).sum())
                .description("Edges with contradicting evidence over the maps owned by this instance")
                .register(registry);
    }

    /** Meters nobody reads: for tests and tools. */
    public static MapMetrics none() {
        return new MapMetrics(new SimpleMeterRegistry());
    }

    void aggregated() {
        aggregated.increment();
    }

    void filtered() {
        filtered.increment();
    }

    void noMapKey() {
        noMap.increment();
    }

    void emitted(CognitiveMap map) {
        emitted.increment();
        int contradicted = 0;
        for (MapEdge e : map.edges()) {
            if (e.support().contradicting(e.weight()) > 0) {
                contradicted++;
            }
        }
        sizes.put(map.id(), new Size(map.concepts().size(), map.edges().size(), contradicted));
    }

    /** The task owning these maps is gone from this instance. */
    void released(Iterable<String> mapIds) {
        mapIds.forEach(sizes::remove);
    }

    double aggregatedCount() {
        return aggregated.count();
    }
}
