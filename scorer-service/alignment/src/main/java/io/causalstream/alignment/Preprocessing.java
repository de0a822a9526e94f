package io.causalstream.alignment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The preprocessing rules of EmpiriGraph appendix A.3 ("propagate relationships from lower-level to higher-level
 * nodes and remove duplicate relationships"), applied to gold and predicted graphs alike before alignment. The paper
 * names them; their exact behaviour is read from the authors' released evaluator ({@code graph_eval_functions.py},
 * {@code preprocess_graph_for_eval}), so that the released per-article scores can be reproduced. {@link #apply} runs,
 * in this order:
 * <ol>
 *   <li>{@link #canonicaliseCorrelations}: one orientation per correlational pair, duplicates removed;</li>
 *   <li>{@link #mergeSingleChildHierarchies}: a higher-level node with exactly one lower-level child is merged with
 *       it into one node labelled "higher (lower)";</li>
 *   <li>{@link #propagateToUpper}: every non-hierarchy edge of a lower-level node is copied to its higher-level
 *       node(s), transitively;</li>
 *   <li>{@link #dropNonHierarchyBetweenHierarchyLinked}: two nodes linked by hierarchy keep only hierarchy edges
 *       between them;</li>
 *   <li>{@link #canonicaliseCorrelations} again (propagation can create both orientations);</li>
 *   <li>{@link #dropCorrelationWhenDirectionExists}: a directional edge between two nodes (either way) supersedes a
 *       correlational one;</li>
 *   <li>{@link #collapseByPriority}: at most one non-hierarchy edge per ordered node pair, by the priority
 *       directional &gt; correlational &gt; moderation, and validated &gt; null &gt; hypothesized within a type.</li>
 * </ol>
 * Every rule returns a new graph and keeps node order; where a rule deduplicates, the first edge in
 * {@link TypedGraph#edges()} order wins (it decides which validation state survives).
 */
public final class Preprocessing {

    private record Key(String source, String target, EdgeType type) {
        static Key of(TypedEdge e) {
            return new Key(e.source(), e.target(), e.type());
        }
    }

    private record Pair(String source, String target) {
    }

    /** All seven rules, in the reference order. */
    public static TypedGraph apply(TypedGraph graph) {
        TypedGraph g = canonicaliseCorrelations(graph);
        g = mergeSingleChildHierarchies(g);
        g = propagateToUpper(g);
        g = dropNonHierarchyBetweenHierarchyLinked(g);
        g = canonicaliseCorrelations(g);
        g = dropCorrelationWhenDirectionExists(g);
        return collapseByPriority(g);
    }

    /**
     * Orients every correlational edge from the node with the smaller (label, id) to the other (Python string order)
     * and removes duplicate (source, target, type) edges.
     */
    public static TypedGraph canonicaliseCorrelations(TypedGraph g) {
        TypedGraph h = g.copyNodes();
        Set<Key> seen = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            TypedEdge oriented = e;
            if (e.type() == EdgeType.CORRELATIONAL && greater(g, e.source(), e.target())) {
                oriented = new TypedEdge(e.target(), e.source(), e.type(), e.validation());
            }
            if (seen.add(Key.of(oriented))) {
                h.addEdge(oriented);
            }
        }
        return h;
    }

    private static boolean greater(TypedGraph g, String u, String v) {
        int byLabel = PythonStrings.compare(g.label(u), g.label(v));
        return byLabel > 0 || (byLabel == 0 && PythonStrings.compare(u, v) > 0);
    }

    /**
     * Merges each higher-level node that has exactly one hierarchy child with that child, into a node whose id and
     * label are "higher (lower)" (both labels stripped); the hierarchy edge between them disappears, their other edges
     * move to the merged node, self-loops created (or present) are dropped and duplicates removed. Without any such
     * node the graph is only deduplicated.
     */
    public static TypedGraph mergeSingleChildHierarchies(TypedGraph g) {
        Map<String, List<String>> children = new LinkedHashMap<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() == EdgeType.HIERARCHY) {
                children.computeIfAbsent(e.source(), k -> new ArrayList<>()).add(e.target());
            }
        }
        Map<String, String> rename = new LinkedHashMap<>();
        Set<Pair> dropped = new HashSet<>();
        children.forEach((higher, lowers) -> {
            if (lowers.size() == 1) {
                String lower = lowers.get(0);
                String merged = PythonStrings.strip(g.label(higher)) + " (" + PythonStrings.strip(g.label(lower)) + ")";
                rename.put(higher, merged);
                rename.put(lower, merged);
                dropped.add(new Pair(higher, lower));
            }
        });
        if (rename.isEmpty()) {
            return deduplicated(g);
        }
        TypedGraph h = new TypedGraph();
        for (String n : g.nodes()) {
            String mapped = rename.getOrDefault(n, n);
            if (!h.hasNode(mapped)) {
                h.addNode(mapped, rename.containsKey(n) ? mapped : g.label(n));
            }
        }
        Set<Key> seen = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() == EdgeType.HIERARCHY && dropped.contains(new Pair(e.source(), e.target()))) {
                continue;
            }
            String u = rename.getOrDefault(e.source(), e.source());
            String v = rename.getOrDefault(e.target(), e.target());
            if (u.equals(v)) {
                continue;
            }
            TypedEdge moved = new TypedEdge(u, v, e.type(), e.validation());
            if (seen.add(Key.of(moved))) {
                h.addEdge(moved);
            }
        }
        return h;
    }

    /**
     * For every hierarchy edge higher -&gt; lower, copies each non-hierarchy edge of lower (outgoing and incoming) to
     * higher unless higher already has an edge of that type with that neighbour; repeats until nothing is added.
     */
    public static TypedGraph propagateToUpper(TypedGraph g) {
        TypedGraph h = g.copy();
        while (true) {
            int added = 0;
            List<Pair> hierarchy = new ArrayList<>();
            Set<Key> existing = new HashSet<>();
            for (TypedEdge e : h.edges()) {
                if (e.type() == EdgeType.HIERARCHY) {
                    hierarchy.add(new Pair(e.source(), e.target()));
                }
                existing.add(Key.of(e));
            }
            for (Pair link : hierarchy) {
                String upper = link.source();
                String lower = link.target();
                for (TypedEdge e : h.outEdges(lower)) {
                    if (e.type() != EdgeType.HIERARCHY && existing.add(new Key(upper, e.target(), e.type()))) {
                        h.addEdge(upper, e.target(), e.type(), e.validation());
                        added++;
                    }
                }
                for (TypedEdge e : h.inEdges(lower)) {
                    if (e.type() != EdgeType.HIERARCHY && existing.add(new Key(e.source(), upper, e.type()))) {
                        h.addEdge(e.source(), upper, e.type(), e.validation());
                        added++;
                    }
                }
            }
            if (added == 0) {
                return h;
            }
        }
    }

    /** Removes every non-hierarchy edge between two distinct nodes that a hierarchy edge links (either way). */
    public static TypedGraph dropNonHierarchyBetweenHierarchyLinked(TypedGraph g) {
        Set<Pair> linked = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() == EdgeType.HIERARCHY && !e.selfLoop()) {
                linked.add(unordered(e.source(), e.target()));
            }
        }
        TypedGraph h = g.copyNodes();
        Set<Key> seen = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() != EdgeType.HIERARCHY && linked.contains(unordered(e.source(), e.target()))) {
                continue;
            }
            if (seen.add(Key.of(e))) {
                h.addEdge(e);
            }
        }
        return h;
    }

    private static Pair unordered(String a, String b) {
        return a.compareTo(b) <= 0 ? new Pair(a, b) : new Pair(b, a);
    }

    /** Removes a correlational edge when a directional edge links the same two nodes in either direction. */
    public static TypedGraph dropCorrelationWhenDirectionExists(TypedGraph g) {
        Set<Pair> directional = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() == EdgeType.DIRECTIONAL) {
                directional.add(new Pair(e.source(), e.target()));
            }
        }
        TypedGraph h = g.copyNodes();
        Set<Key> seen = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() == EdgeType.CORRELATIONAL && (directional.contains(new Pair(e.source(), e.target()))
                    || directional.contains(new Pair(e.target(), e.source())))) {
                continue;
            }
            if (seen.add(Key.of(e))) {
                h.addEdge(e);
            }
        }
        return h;
    }

    /**
     * Keeps hierarchy edges (deduplicated) and, per ordered node pair, the one non-hierarchy edge of highest priority:
     * directional(validated, null, hypothesized) &gt; correlational(...) &gt; moderation(...) &gt; any other type.
     * Hierarchy edges come first in the result's edge order, then one edge per pair in order of first appearance.
     */
    public static TypedGraph collapseByPriority(TypedGraph g) {
        TypedGraph h = g.copyNodes();
        Set<Key> seenHierarchy = new HashSet<>();
        Map<Pair, TypedEdge> best = new LinkedHashMap<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() == EdgeType.HIERARCHY) {
                if (seenHierarchy.add(Key.of(e))) {
                    h.addEdge(e);
                }
            }
        }
        for (TypedEdge e : g.edges()) {
            if (e.type() == EdgeType.HIERARCHY) {
                continue;
            }
            best.merge(new Pair(e.source(), e.target()), e, (current, candidate) ->
                    PRIORITY.compare(candidate, current) < 0 ? candidate : current);
        }
        best.values().forEach(h::addEdge);
        return h;
    }

    private static int rank(TypedEdge e) {
        int type = switch (e.type()) {
            case DIRECTIONAL -> 0;
            case CORRELATIONAL -> 1;
            case MODERATION -> 2;
            default -> -1;
        };
        return type < 0 ? 10_000 : type * 3 + e.validation().ordinal();
    }

    /** (rank, type name, validation name), as the reference's tuple comparison. */
    private static final Comparator<TypedEdge> PRIORITY = Comparator.comparingInt(Preprocessing::rank)
            .thenComparing(e -> e.type().label(), PythonStrings::compare)
            .thenComparing(e -> e.validation().label(), PythonStrings::compare);

    private static TypedGraph deduplicated(TypedGraph g) {
        TypedGraph h = g.copyNodes();
        Set<Key> seen = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (seen.add(Key.of(e))) {
                h.addEdge(e);
            }
        }
        return h;
    }

    private Preprocessing() {
    }
}
