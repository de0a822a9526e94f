package io.causalstream.alignment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A directed multigraph with typed edges and labelled nodes, the graph model of EmpiriGraph appendix A.3.
 *
 * <p><b>Order is part of the contract.</b> Nodes keep insertion order; edges are listed by source node (node order),
 * then by target (in the order the target first received an edge from that source), then in insertion order — the
 * iteration order of a networkx {@code MultiDiGraph}, which the reference evaluator uses. The preprocessing rules,
 * the node orders of the search (degree ties, label ties) and the candidate order of the predicted nodes depend on
 * it, and reproducing the released per-article rows (including which of several optimal mappings is reported)
 * requires the same order. Build graphs in the order the source data lists nodes and edges.
 *
 * <p>A node has an id (unique) and a label (free text, e.g. the variable name; equal to the id when not given).
 * Parallel edges are allowed while a graph is being preprocessed; the alignment treats edges as a set.
 *
 * <p>Mutable and not thread-safe while it is built; share it only after building.
 */
public final class TypedGraph {

    private final LinkedHashMap<String, String> labels = new LinkedHashMap<>();
    private final Map<String, LinkedHashMap<String, List<TypedEdge>>> succ = new HashMap<>();
    private final Map<String, LinkedHashMap<String, List<TypedEdge>>> pred = new HashMap<>();
    private int edgeCount;

    /**
     * Adds a node, or replaces the label of an existing one (its position stays).
     *
     * @return this graph
     */
    public TypedGraph addNode(String id, String label) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        if (!labels.containsKey(id)) {
            succ.put(id, new LinkedHashMap<>());
            pred.put(id, new LinkedHashMap<>());
        }
        labels.put(id, label);
        return this;
    }

    /** Adds a node labelled with its id unless it exists. */
    public TypedGraph ensureNode(String id) {
        if (!labels.containsKey(id)) {
            addNode(id, id);
        }
        return this;
    }

    /** Adds an edge; missing end nodes are added first (source, then target), labelled with their ids. */
    public TypedGraph addEdge(String source, String target, EdgeType type, Validation validation) {
        return addEdge(new TypedEdge(source, target, type, validation));
    }

    public TypedGraph addEdge(TypedEdge edge) {
        ensureNode(edge.source());
        ensureNode(edge.target());
        List<TypedEdge> parallel = succ.get(edge.source()).computeIfAbsent(edge.target(), t -> new ArrayList<>(1));
        if (parallel.isEmpty()) {
            pred.get(edge.target()).put(edge.source(), parallel);
        }
        parallel.add(edge);
        edgeCount++;
        return this;
    }

    public boolean hasNode(String id) {
        return labels.containsKey(id);
    }

    /** The node's label; the id itself for an unknown node. */
    public String label(String id) {
        return labels.getOrDefault(id, id);
    }

    /** Node ids in insertion order (an unmodifiable copy). */
    public List<String> nodes() {
        return List.copyOf(labels.keySet());
    }

    public int nodeCount() {
        return labels.size();
    }

    public int edgeCount() {
        return edgeCount;
    }

    /** Every edge, in networkx {@code MultiDiGraph.edges()} order (see the class comment). */
    public List<TypedEdge> edges() {
        List<TypedEdge> out = new ArrayList<>(edgeCount);
        for (String node : labels.keySet()) {
            for (List<TypedEdge> parallel : succ.get(node).values()) {
                out.addAll(parallel);
            }
        }
        return out;
    }

    /** Edges leaving {@code id}, by target then insertion; empty for an unknown node. */
    public List<TypedEdge> outEdges(String id) {
        LinkedHashMap<String, List<TypedEdge>> targets = succ.get(id);
        if (targets == null) {
            return List.of();
        }
        List<TypedEdge> out = new ArrayList<>();
        targets.values().forEach(out::addAll);
        return out;
    }

    /** Edges entering {@code id}, by source (in the order each source first linked to it) then insertion. */
    public List<TypedEdge> inEdges(String id) {
        LinkedHashMap<String, List<TypedEdge>> sources = pred.get(id);
        if (sources == null) {
            return List.of();
        }
        List<TypedEdge> out = new ArrayList<>();
        sources.values().forEach(out::addAll);
        return out;
    }

    /** Edges from {@code source} to {@code target} (parallel edges of all types), in insertion order. */
    public List<TypedEdge> edgesBetween(String source, String target) {
        LinkedHashMap<String, List<TypedEdge>> targets = succ.get(source);
        List<TypedEdge> parallel = targets == null ? null : targets.get(target);
        return parallel == null ? List.of() : Collections.unmodifiableList(parallel);
    }

    /** In-degree plus out-degree, parallel edges counted; a self-loop counts twice (networkx convention). */
    public int degree(String id) {
        int d = 0;
        LinkedHashMap<String, List<TypedEdge>> targets = succ.get(id);
        if (targets == null) {
            return 0;
        }
        for (List<TypedEdge> parallel : targets.values()) {
            d += parallel.size();
        }
        for (List<TypedEdge> parallel : pred.get(id).values()) {
            d += parallel.size();
        }
        return d;
    }

    /** A new graph with the same nodes and edges; edges are re-added in {@link #edges()} order, as networkx copies. */
    public TypedGraph copy() {
        TypedGraph g = copyNodes();
        edges().forEach(g::addEdge);
        return g;
    }

    /** A new graph with the same nodes (same order and labels) and no edges. */
    public TypedGraph copyNodes() {
        TypedGraph g = new TypedGraph();
        labels.forEach(g::addNode);
        return g;
    }

    @Override
    public String toString() {
        return "TypedGraph[" + labels.size() + " nodes, " + edgeCount + " edges]";
    }
}
