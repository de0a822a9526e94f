package io.causalstream.scorer.maps;

import io.causalstream.fcm.aggregate.ConceptResolver;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.aggregate.ScoredGraphs;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Merge;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.scoring.ScoredGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Second stage of the {@code causal-maps} sub-topology (keyed by map id): aggregates each scored graph into its
 * map with the FCM library ({@link MapAggregator#put}: a passage annotator's new graph replaces its previous one,
 * nothing is counted twice) and, on a wall-clock punctuator, writes every map that changed to {@code causal-maps}
 * and to the query store.
 *
 * <p>State ({@link MapStores}): the stores with changelogs are the truth — every map's contributions (the scored
 * graphs, whole) and its append-only resolution log (which label went to which concept, merges with how they were
 * decided) — and the per-map resolution fingerprint. The in-memory aggregators are a cache rebuilt from them when
 * the task starts (after a restart or a rebalance): resolution is replayed, never decided again, so the restored
 * map is the map that was. When the resolution settings changed (fingerprint differs), the map's concepts are
 * resolved again from its contributions and the log is rewritten.
 */
public final class MapAggregateProcessor implements Processor<String, ScoredGraph, String, CollectiveMap> {

    private static final Logger log = LoggerFactory.getLogger(MapAggregateProcessor.class);
    private static final StringSerializer STRINGS = new StringSerializer();

    private final MapSettings settings;
    private final MapWiring wiring;
    private final Map<String, MapAggregator> maps = new HashMap<>();
    private final Set<String> dirty = new LinkedHashSet<>();
    private ProcessorContext<String, CollectiveMap> context;
    private ConceptSimilarity similarity;
    private String resolutionFingerprint;
    private String fingerprint;
    private KeyValueStore<String, ScoredGraph> contributions;
    private KeyValueStore<String, String> resolution;
    private KeyValueStore<String, String> fingerprints;
    private KeyValueStore<String, String> snapshots;

    public MapAggregateProcessor(MapSettings settings, MapWiring wiring) {
        this.settings = settings;
        this.wiring = wiring;
    }

    @Override
    public void init(ProcessorContext<String, CollectiveMap> context) {
        this.context = context;
        this.similarity = wiring.similarity().get();
        this.resolutionFingerprint = settings.resolutionFingerprint(similarity.name());
        this.fingerprint = settings.fingerprint(similarity.name());
        this.contributions = context.getStateStore(MapStores.CONTRIBUTIONS);
        this.resolution = context.getStateStore(MapStores.RESOLUTION);
        this.fingerprints = context.getStateStore(MapStores.FINGERPRINTS);
        this.snapshots = context.getStateStore(MapStores.SNAPSHOTS);
        restoreAll();
        context.schedule(settings.emitInterval(), PunctuationType.WALL_CLOCK_TIME, this::emit);
    }

    /** Every map this task has contributions of, rebuilt and marked for emission (an update may not have been). */
    private void restoreAll() {
        Set<String> ids = new TreeSet<>();
        try (KeyValueIterator<String, ScoredGraph> it = contributions.all()) {
            while (it.hasNext()) {
                ids.add(MapStores.mapIdOf(it.next().key));
            }
        }
        long t0 = System.nanoTime();
        for (String id : ids) {
            maps.put(id, load(id));
            dirty.add(id);
        }
        if (!ids.isEmpty()) {
            log.info("restored {} collective map(s) from the stores in {} ms", ids.size(),
                    (System.nanoTime() - t0) / 1_000_000);
        }
    }

    private MapAggregator load(String mapId) {
        List<Contribution> stored = new ArrayList<>();
        try (KeyValueIterator<String, ScoredGraph> it = contributions.prefixScan(MapStores.prefix(mapId), STRINGS)) {
            it.forEachRemaining(kv -> stored.add(ScoredGraphs.contribution(kv.value)));
        }
        if (resolutionFingerprint.equals(fingerprints.get(mapId))) {
            List<ConceptResolver.Resolution> entries = new ArrayList<>();
            List<Merge> merges = new ArrayList<>();
            try (KeyValueIterator<String, String> it = resolution.prefixScan(MapStores.prefix(mapId), STRINGS)) {
                while (it.hasNext()) {
                    ResolutionEntry e = ResolutionEntry.decode(it.next().value);
                    entries.add(e.resolution());
                    if (e.isMerge()) {
                        merges.add(e.merge());
                    }
                }
            }
            MapAggregator a = MapAggregator.restore(settings.aggregation(), similarity,
                    new MapAggregator.State(entries, merges, stored));
            // labels the log does not have yet (edges a changed filter now admits) were resolved just now
            writeResolution(mapId, a, entries.size(), merges.size());
            return a;
        }
        // new resolution settings (or a map from before fingerprints): resolve its concepts again
        MapAggregator a = MapAggregator.restore(settings.aggregation(), similarity,
                new MapAggregator.State(List.of(), List.of(), stored));
        List<String> old = new ArrayList<>();
        try (KeyValueIterator<String, String> it = resolution.prefixScan(MapStores.prefix(mapId), STRINGS)) {
            it.forEachRemaining(kv -> old.add(kv.key));
        }
        old.forEach(resolution::delete);
        writeResolution(mapId, a, 0, 0);
        fingerprints.put(mapId, resolutionFingerprint);
        if (!stored.isEmpty()) {
            log.info("map {}: resolution settings changed, {} contributions resolved again ({} merges, was {} log "
                    + "entries)", mapId, stored.size(), a.mergeCount(), old.size());
        }
        return a;
    }

    @Override
    public void process(Record<String, ScoredGraph> record) {
        String mapId = record.key();
        ScoredGraph graph = record.value();
        if (mapId == null || mapId.isEmpty() || graph == null) {
            return;
        }
        Contribution c = ScoredGraphs.contribution(graph);
        MapAggregator map = maps.get(mapId);
        if (map == null) {
            map = load(mapId);
            maps.put(mapId, map);
        }
        int resolved = map.resolutionSize();
        int merged = map.mergeCount();
        map.put(c);
        contributions.put(MapStores.contribution(mapId, c.passageId(), c.annotatorId()), graph);
        writeResolution(mapId, map, resolved, merged);
        dirty.add(mapId);
        wiring.metrics().aggregated();
    }

    /** Appends what the aggregator's resolution log gained since it had {@code from} entries and merges. */
    private void writeResolution(String mapId, MapAggregator map, int from, int mergesFrom) {
        List<ConceptResolver.Resolution> added = map.resolutionFrom(from);
        if (added.isEmpty()) {
            return;
        }
        List<Merge> merges = map.mergesFrom(mergesFrom);
        int m = 0;
        for (int i = 0; i < added.size(); i++) {
            ConceptResolver.Resolution r = added.get(i);
            Merge merge = r.key().equals(r.concept()) ? null : merges.get(m++);
            resolution.put(MapStores.resolution(mapId, from + i), ResolutionEntry.of(r, merge).encode());
        }
    }

    /** Writes every changed map to the query store and to {@code causal-maps}. */
    private void emit(long now) {
        if (dirty.isEmpty()) {
            return;
        }
        List<KeyValue<String, String>> batch = new ArrayList<>(dirty.size());
        for (String mapId : dirty) {
            MapAggregator map = maps.get(mapId);
            CognitiveMap snapshot = map.snapshot(mapId);
            MapSnapshot served = MapSnapshot.of(snapshot, now, map.contributionCount());
            wiring.views().put(served);
            batch.add(KeyValue.pair(mapId, served.header()));
            context.forward(new Record<>(mapId, CollectiveMaps.toAvro(snapshot, map.contributionCount(),
                    fingerprint, now, settings.provenanceMax(), settings.maxRecordBytes()), now));
            wiring.metrics().emitted(snapshot);
        }
        snapshots.putAll(batch);
        if (log.isDebugEnabled()) {
            log.debug("emitted {} map(s): {}", dirty.size(), String.join(", ", dirty).toLowerCase(Locale.ROOT));
        }
        dirty.clear();
    }

    @Override
    public void close() {
        wiring.metrics().released(maps.keySet());
        maps.keySet().forEach(wiring.views()::remove);
        maps.clear();
    }
}
