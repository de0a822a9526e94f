package io.causalstream.alignment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A gold/predicted graph pair compiled to integer indices for the search: nodes are numbered in graph order, edges
 * become sets (a symmetric type is stored once per unordered pair) and the predicted edges become adjacency lists and
 * an edge-existence matrix per edge type.
 *
 * <p>Edge "slots" split an edge type by the side a node is on: slot {@code 2·type} is "outgoing" (and the only slot
 * of a symmetric type), {@code 2·type + 1} is "incoming". A gold edge can only be matched by a predicted edge of the
 * same slot at the mapped node, which is what the search's degree bound uses.
 */
final class AlignmentProblem {

    static final int TYPES = EdgeType.values().length;
    static final int SLOTS = 2 * TYPES;

    final List<String> goldIds;
    final List<String> predIds;
    final int n;
    final int m;

    // gold edges (deduplicated), excluding self-loops
    final int[] goldSource;
    final int[] goldTarget;
    final int[] goldType;
    /** For each gold node, the ids of its (non-self-loop) gold edges. */
    final int[][] goldIncident;
    /** For each gold node, per type, how many self-loops of that type it has. */
    final int[][] goldSelfLoops;
    /** Gold edge count per type, self-loops included. */
    final int[] goldTypeCount;
    final int goldEdgeCount;

    // predicted edges (deduplicated), excluding self-loops
    final int[] predSource;
    final int[] predTarget;
    final int[] predType;
    final int[][] predIncident;
    /** predHas[type][x * m + y]: an edge x -&gt; y of that type exists (both ways for a symmetric type). */
    final boolean[][] predHas;
    /** predOut[type][x]: the y != x with an edge x -&gt; y (every neighbour for a symmetric type). */
    final int[][][] predOut;
    /** predIn[type][x]: the y != x with an edge y -&gt; x (every neighbour for a symmetric type). */
    final int[][][] predIn;
    /** For each predicted node, per type, whether it has a self-loop of that type. */
    final boolean[][] predSelfLoop;
    final int[] predTypeCount;
    final int predEdgeCount;

    private record Key(int source, int target, int type) {
        static Key of(int source, int target, EdgeType type) {
            if (type.symmetric() && source > target) {
                return new Key(target, source, type.ordinal());
            }
            return new Key(source, target, type.ordinal());
        }
    }

    AlignmentProblem(TypedGraph gold, TypedGraph predicted) {
        goldIds = gold.nodes();
        predIds = predicted.nodes();
        n = goldIds.size();
        m = predIds.size();
        Set<Key> goldEdges = edgeSet(gold, index(goldIds));
        Set<Key> predEdges = edgeSet(predicted, index(predIds));

        goldSelfLoops = new int[n][TYPES];
        goldTypeCount = new int[TYPES];
        List<Key> goldProper = new ArrayList<>();
        for (Key k : goldEdges) {
            goldTypeCount[k.type]++;
            if (k.source == k.target) {
                goldSelfLoops[k.source][k.type]++;
            } else {
                goldProper.add(k);
            }
        }
        goldEdgeCount = goldEdges.size();
        goldSource = goldProper.stream().mapToInt(Key::source).toArray();
        goldTarget = goldProper.stream().mapToInt(Key::target).toArray();
        goldType = goldProper.stream().mapToInt(Key::type).toArray();
        goldIncident = incidence(n, goldSource, goldTarget);

        predSelfLoop = new boolean[m][TYPES];
        predTypeCount = new int[TYPES];
        predHas = new boolean[TYPES][];
        List<Key> predProper = new ArrayList<>();
        for (Key k : predEdges) {
            predTypeCount[k.type]++;
            if (predHas[k.type] == null) {
                predHas[k.type] = new boolean[m * m];
            }
            predHas[k.type][k.source * m + k.target] = true;
            if (EdgeType.values()[k.type].symmetric()) {
                predHas[k.type][k.target * m + k.source] = true;
            }
            if (k.source == k.target) {
                predSelfLoop[k.source][k.type] = true;
            } else {
                predProper.add(k);
            }
        }
        predEdgeCount = predEdges.size();
        predSource = predProper.stream().mapToInt(Key::source).toArray();
        predTarget = predProper.stream().mapToInt(Key::target).toArray();
        predType = predProper.stream().mapToInt(Key::type).toArray();
        predIncident = incidence(m, predSource, predTarget);
        predOut = new int[TYPES][m][];
        predIn = new int[TYPES][m][];
        for (int t = 0; t < TYPES; t++) {
            boolean symmetric = EdgeType.values()[t].symmetric();
            for (int x = 0; x < m; x++) {
                List<Integer> out = new ArrayList<>();
                List<Integer> in = new ArrayList<>();
                for (int e : predIncident[x]) {
                    if (predType[e] != t) {
                        continue;
                    }
                    boolean source = predSource[e] == x;
                    int other = source ? predTarget[e] : predSource[e];
                    if (symmetric || source) {
                        out.add(other);
                    }
                    if (symmetric || !source) {
                        in.add(other);
                    }
                }
                predOut[t][x] = out.stream().mapToInt(Integer::intValue).toArray();
                predIn[t][x] = in.stream().mapToInt(Integer::intValue).toArray();
            }
        }
    }

    /** Whether the predicted graph has edge x -&gt; y of the given type (either way for a symmetric type). */
    boolean predHas(int type, int x, int y) {
        boolean[] matrix = predHas[type];
        return matrix != null && matrix[x * m + y];
    }

    /** The slot of edge e (source, target, type) as seen from its end {@code node}. */
    static int slot(int type, boolean nodeIsSource) {
        if (EdgeType.values()[type].symmetric()) {
            return 2 * type;
        }
        return nodeIsSource ? 2 * type : 2 * type + 1;
    }

    private static Map<String, Integer> index(List<String> ids) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            index.put(ids.get(i), i);
        }
        return index;
    }

    private static Set<Key> edgeSet(TypedGraph g, Map<String, Integer> index) {
        Set<Key> edges = new LinkedHashSet<>();
        for (TypedEdge e : g.edges()) {
            edges.add(Key.of(index.get(e.source()), index.get(e.target()), e.type()));
        }
        return edges;
    }

    private static int[][] incidence(int nodes, int[] source, int[] target) {
        List<List<Integer>> lists = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            lists.add(new ArrayList<>());
        }
        for (int e = 0; e < source.length; e++) {
            lists.get(source[e]).add(e);
            lists.get(target[e]).add(e);
        }
        int[][] out = new int[nodes][];
        for (int i = 0; i < nodes; i++) {
            out[i] = lists.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }
}
