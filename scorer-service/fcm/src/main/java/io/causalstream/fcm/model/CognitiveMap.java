package io.causalstream.fcm.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A fuzzy cognitive map: concepts and signed weighted edges in [-1, 1] (at most one edge per ordered pair of
 * distinct concepts), each edge with its provenance, and the concept merges that resolution made. Immutable.
 */
public record CognitiveMap(String id, List<Concept> concepts, List<MapEdge> edges, List<Merge> merges) {

    public CognitiveMap {
        id = id == null ? "map" : id;
        concepts = List.copyOf(concepts);
        edges = List.copyOf(edges);
        merges = merges == null ? List.of() : List.copyOf(merges);
        Map<String, Integer> index = new HashMap<>();
        for (Concept c : concepts) {
            if (index.put(c.id(), index.size()) != null) {
                throw new IllegalArgumentException("concept " + c.id() + " appears twice");
            }
        }
        java.util.Set<String> pairs = new java.util.HashSet<>();
        for (MapEdge e : edges) {
            if (!index.containsKey(e.source()) || !index.containsKey(e.target())) {
                throw new IllegalArgumentException("edge " + e.source() + " -> " + e.target()
                        + " names a concept the map does not have");
            }
            if (e.source().equals(e.target())) {
                throw new IllegalArgumentException("self-loop on " + e.source());
            }
            if (!pairs.add(e.source() + "\u0000" + e.target())) {
                throw new IllegalArgumentException("two edges " + e.source() + " -> " + e.target());
            }
        }
    }

    /** Position of a concept in {@link #concepts()}, or -1. */
    public int indexOf(String conceptId) {
        for (int i = 0; i < concepts.size(); i++) {
            if (concepts.get(i).id().equals(conceptId)) {
                return i;
            }
        }
        return -1;
    }

    public Optional<MapEdge> edge(String source, String target) {
        return edges.stream().filter(e -> e.source().equals(source) && e.target().equals(target)).findFirst();
    }

    /** The weight matrix: {@code w[i][j]} is the weight of concept i on concept j, in {@link #concepts()} order. */
    public double[][] weightMatrix() {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < concepts.size(); i++) {
            index.put(concepts.get(i).id(), i);
        }
        double[][] w = new double[concepts.size()][concepts.size()];
        for (MapEdge e : edges) {
            w[index.get(e.source())][index.get(e.target())] = e.weight();
        }
        return w;
    }

    public static Builder builder(String id) {
        return new Builder(id);
    }

    /** For hand-made maps and importers: concepts are added as edges name them, or explicitly (isolated ones). */
    public static final class Builder {
        private final String id;
        private final Map<String, Concept> concepts = new LinkedHashMap<>();
        private final Map<String, MapEdge> edges = new LinkedHashMap<>();

        private Builder(String id) {
            this.id = id;
        }

        public Builder concept(String conceptId) {
            concepts.putIfAbsent(conceptId, Concept.of(conceptId));
            return this;
        }

        public Builder concept(Concept concept) {
            concepts.put(concept.id(), concept);
            return this;
        }

        public Builder edge(String source, String target, double weight) {
            return edge(MapEdge.of(source, target, weight));
        }

        public Builder edge(MapEdge edge) {
            concept(edge.source());
            concept(edge.target());
            edges.put(edge.source() + "\u0000" + edge.target(), edge);
            return this;
        }

        public CognitiveMap build() {
            return new CognitiveMap(id, new ArrayList<>(concepts.values()), new ArrayList<>(edges.values()),
                    List.of());
        }
    }
}
