package io.causalstream.scorer.maps;

import io.causalstream.fcm.aggregate.AggregationFilter;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapKeys;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import java.util.List;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * First stage of the {@code causal-maps} sub-topology, in the passage-keyed part of the scorer: each scored graph is
 * sent on keyed by the id of every map it belongs to ({@code scorer.maps.key}; a passage attribute is read from the
 * passages store), unless the map settings leave out its annotator or kind. The graph travels whole: edges are
 * filtered where the map is aggregated, so that a re-score whose edges no longer pass still replaces the old ones.
 */
public final class MapKeyProcessor implements Processor<String, ScoredGraph, String, ScoredGraph> {

    /** Longest map id (a passage attribute value could be anything). */
    static final int MAX_MAP_ID = 200;

    private final MapSettings settings;
    private final MapMetrics metrics;
    private final String passagesStore;
    private ProcessorContext<String, ScoredGraph> context;
    private MapKeys keys;

    /** @param passagesStore the store {@code passageId -> Passage} connected to this node */
    public MapKeyProcessor(MapSettings settings, MapMetrics metrics, String passagesStore) {
        this.settings = settings;
        this.metrics = metrics;
        this.passagesStore = passagesStore;
    }

    @Override
    public void init(ProcessorContext<String, ScoredGraph> context) {
        this.context = context;
        KeyValueStore<String, Passage> passages = context.getStateStore(passagesStore);
        this.keys = MapKeying.of(settings.key(), passages::get);
    }

    @Override
    public void process(Record<String, ScoredGraph> record) {
        ScoredGraph graph = record.value();
        if (graph == null || graph.getPassageId() == null || graph.getPassageId().isBlank()) {
            return;
        }
        // only the contribution's identity is needed here: no edges converted
        Contribution who = new Contribution(graph.getPassageId(), graph.getAnnotationId(),
                graph.getAnnotator().getId(), graph.getAnnotator().getKind().name(), List.of());
        AggregationFilter filter = settings.aggregation().filter();
        if (!filter.admits(who)) {
            metrics.filtered();
            return;
        }
        List<String> mapIds = keys.of(who);
        if (mapIds.isEmpty()) {
            metrics.noMapKey();
            return;
        }
        for (String mapId : mapIds) {
            if (mapId.isEmpty() || mapId.indexOf(MapStores.SEPARATOR) >= 0 || mapId.length() > MAX_MAP_ID) {
                metrics.noMapKey();
                continue;
            }
            context.forward(record.withKey(mapId));
        }
    }
}
