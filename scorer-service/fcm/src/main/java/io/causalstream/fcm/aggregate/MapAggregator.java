package io.causalstream.fcm.aggregate;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.Evidence;
import io.causalstream.fcm.model.MapEdge;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One collective map, built incrementally from contributions. {@link #put} adds a passage annotator's
 * contribution, replacing the earlier one with the same key (passage, annotator) exactly: the old evidence leaves
 * every edge it had entered before the new evidence comes in, so nothing is counted twice; {@link #remove} takes
 * one out. The weights always equal those of a map built from scratch from the contributions now present, in any
 * order (given the same concept resolution). Work per call is proportional to the contribution's edges; a
 * {@link #snapshot} costs the size of the map. Not thread-safe: one instance per map key, as a stream task owns it.
 */
public final class MapAggregator {

    /** An ordered pair of concept ids. */
    public record EdgeKey(String source, String target) {
    }

    /** Everything needed to restore an aggregator exactly, concept resolution included (serialisable by Jackson). */
    public record State(List<ConceptResolver.Resolution> resolution, List<io.causalstream.fcm.model.Merge> merges,
            List<Contribution> contributions) {
    }

    private final AggregationSettings settings;
    private final ConceptSimilarity similarity;
    private final ConceptResolver resolver;
    private final Map<String, Contribution> contributions = new LinkedHashMap<>();
    /** contribution key -> the edges its evidence entered (for removal in O(its edges)). */
    private final Map<String, Set<EdgeKey>> touched = new HashMap<>();
    /** edge -> contribution key -> that contribution's evidence on the edge. */
    private final Map<EdgeKey, Map<String, List<Evidence>>> edges = new HashMap<>();
    /** edge -> the edge as last built, until its evidence changes (a snapshot rebuilds only changed edges). */
    private final Map<EdgeKey, MapEdge> built = new HashMap<>();
    private long droppedSelfLoops;

    public MapAggregator(AggregationSettings settings, ConceptSimilarity similarity) {
        this.settings = settings == null ? AggregationSettings.DEFAULT : settings;
        this.similarity = similarity == null ? ConceptSimilarity.NONE : similarity;
        this.resolver = new ConceptResolver(this.settings, this.similarity);
    }

    public MapAggregator(AggregationSettings settings) {
        this(settings, ConceptSimilarity.NONE);
    }

    /** Restores an aggregator from {@link #state()}: the same resolution and contributions, no similarity calls. */
    public static MapAggregator restore(AggregationSettings settings, ConceptSimilarity similarity, State state) {
        MapAggregator a = new MapAggregator(settings, similarity);
        a.resolver.replay(state.resolution(), state.merges());
        for (Contribution c : state.contributions()) {
            a.put(c);
        }
        return a;
    }

    /**
     * The same contributions aggregated afresh under other settings (e.g. a label added to keepSeparate undoes its
     * merge, a stricter filter drops edges); concepts are resolved again in the contributions' order.
     */
    public MapAggregator rebuild(AggregationSettings newSettings) {
        MapAggregator a = new MapAggregator(newSettings, similarity);
        contributions.values().forEach(a::put);
        return a;
    }

    /**
     * Adds a contribution, replacing the one with the same key. Returns the edges whose evidence changed (their new
     * state is {@link #edge}; an edge without evidence left is gone).
     */
    public Set<EdgeKey> put(Contribution c) {
        Set<EdgeKey> changed = new LinkedHashSet<>(remove(c.passageId(), c.annotatorId()));
        contributions.put(c.key(), c);
        if (!settings.filter().admits(c)) {
            return changed;
        }
        Set<EdgeKey> mine = new LinkedHashSet<>();
        for (ContributedEdge e : c.edges()) {
            if (!settings.filter().admits(e)) {
                continue;
            }
            String s = resolver.resolve(e.source());
            String t = resolver.resolve(e.target());
            if (s == null || t == null || s.equals(t)) {
                droppedSelfLoops++;
                continue;
            }
            EdgeKey key = new EdgeKey(s, t);
            edges.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(c.key(), k -> new ArrayList<>())
                    .add(new Evidence(c.passageId(), c.annotationId(), c.annotatorId(), c.annotatorKind(),
                            e.source(), e.target(), e.sign(), e.strength(), e.validation(), e.evidence()));
            mine.add(key);
        }
        if (!mine.isEmpty()) {
            touched.put(c.key(), mine);
        }
        changed.addAll(mine);
        mine.forEach(built::remove);
        return changed;
    }

    /** Takes a passage annotator's contribution out; returns the edges whose evidence changed. */
    public Set<EdgeKey> remove(String passageId, String annotatorId) {
        String key = Contribution.key(passageId, annotatorId);
        if (contributions.remove(key) == null) {
            return Set.of();
        }
        Set<EdgeKey> mine = touched.remove(key);
        if (mine == null) {
            return Set.of();
        }
        for (EdgeKey edge : mine) {
            built.remove(edge);
            Map<String, List<Evidence>> evidence = edges.get(edge);
            evidence.remove(key);
            if (evidence.isEmpty()) {
                edges.remove(edge);
            }
        }
        return mine;
    }

    /** The edge as it stands now, or empty when no evidence supports it. */
    public Optional<MapEdge> edge(EdgeKey key) {
        MapEdge cached = built.get(key);
        if (cached != null) {
            return Optional.of(cached);
        }
        Map<String, List<Evidence>> evidence = edges.get(key);
        if (evidence == null) {
            return Optional.empty();
        }
        List<Evidence> all = new ArrayList<>();
        evidence.values().forEach(all::addAll);
        MapEdge edge = new MapEdge(key.source(), key.target(),
                EdgeWeighting.weight(all, settings.defaultStrength(), settings.prior()),
                EdgeWeighting.support(all, settings.defaultStrength()), all);
        built.put(key, edge);
        return Optional.of(edge);
    }

    /**
     * The collective map now: concepts with at least one edge (in the order they were founded), edges sorted. Edges
     * whose evidence did not change since the last snapshot are reused, so a snapshot after a few puts costs the
     * changed edges plus assembling the lists.
     */
    public CognitiveMap snapshot(String mapId) {
        List<EdgeKey> keys = new ArrayList<>(edges.keySet());
        keys.sort(Comparator.comparing(EdgeKey::source).thenComparing(EdgeKey::target));
        List<MapEdge> out = new ArrayList<>(keys.size());
        Set<String> used = new LinkedHashSet<>();
        for (EdgeKey k : keys) {
            out.add(edge(k).orElseThrow());
            used.add(k.source());
            used.add(k.target());
        }
        List<Concept> concepts = new ArrayList<>();
        for (String id : resolver.concepts()) {
            if (used.contains(id)) {
                concepts.add(new Concept(id, resolver.label(id), resolver.aliases(id)));
            }
        }
        return new CognitiveMap(mapId, concepts, out, resolver.merges());
    }

    public State state() {
        return new State(resolver.log(), resolver.merges(), List.copyOf(contributions.values()));
    }

    /**
     * The resolution log from position {@code from} on: what the puts since the log had {@code from} entries added,
     * for a store that keeps the log append-only (see {@link #resolutionSize()}).
     */
    public List<ConceptResolver.Resolution> resolutionFrom(int from) {
        return resolver.logFrom(from);
    }

    public int resolutionSize() {
        return resolver.logSize();
    }

    /** The merges from position {@code from} on (see {@link #mergeCount()}). */
    public List<io.causalstream.fcm.model.Merge> mergesFrom(int from) {
        return resolver.mergesFrom(from);
    }

    public int mergeCount() {
        return resolver.mergeCount();
    }

    public int contributionCount() {
        return contributions.size();
    }

    public Collection<Contribution> contributions() {
        return List.copyOf(contributions.values());
    }

    public int edgeCount() {
        return edges.size();
    }

    /**
     * Edge annotations left out so far because both ends resolved to one concept (or an end was blank); a
     * contribution put again counts again (an event count for metrics, not part of the map).
     */
    public long droppedSelfLoops() {
        return droppedSelfLoops;
    }

    public AggregationSettings settings() {
        return settings;
    }
}
