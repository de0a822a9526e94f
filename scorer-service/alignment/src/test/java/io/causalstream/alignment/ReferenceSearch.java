package io.causalstream.alignment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A literal port of the reference evaluator's search ({@code mcs_f1_with_order}: greedy warm start, then depth-first
 * search pruned only by "matched so far + gold edges not yet resolved"), without a time limit. Exponential; for the
 * small random graphs of {@link StructuralAlignerTest}, where it is the oracle for both the optimum and the mapping
 * the reference would report.
 */
final class ReferenceSearch {

    record Result(int matched, Map<String, String> mapping) {
    }

    private record Adjacent(String node, EdgeType type) {
    }

    private final List<String> goldOrder;
    private final List<String> predNodes;
    private final Set<List<Object>> predEdges = new HashSet<>();
    private final Map<String, List<Adjacent>> out = new HashMap<>();
    private final Map<String, List<Adjacent>> in = new HashMap<>();
    private final int goldEdgeCount;
    private int best;
    private Map<String, String> bestPhi;

    ReferenceSearch(TypedGraph gold, TypedGraph predicted, NodeOrder order) {
        goldOrder = order.apply(gold);
        predNodes = predicted.nodes();
        for (TypedEdge e : predicted.edges()) {
            predEdges.add(List.of(e.source(), e.target(), e.type()));
            if (e.type().symmetric()) {
                predEdges.add(List.of(e.target(), e.source(), e.type()));
            }
        }
        for (String n : gold.nodes()) {
            out.put(n, new ArrayList<>());
            in.put(n, new ArrayList<>());
        }
        for (TypedEdge e : gold.edges()) {
            out.get(e.source()).add(new Adjacent(e.target(), e.type()));
            in.get(e.target()).add(new Adjacent(e.source(), e.type()));
        }
        goldEdgeCount = gold.edgeCount();
    }

    Result run() {
        Map<String, String> phi = new LinkedHashMap<>();
        List<String> avail = new ArrayList<>(predNodes);
        int em = 0;
        for (String g : goldOrder) {
            int bestC = -1;
            String bestP = null;
            for (String p : avail) {
                int c = count(g, p, phi);
                if (c > bestC) {
                    bestC = c;
                    bestP = p;
                }
            }
            if (bestP != null) {
                phi.put(g, bestP);
                avail.remove(bestP);
                em += bestC;
            }
        }
        best = em;
        bestPhi = new LinkedHashMap<>(phi);
        branch(0, new LinkedHashMap<>(), new ArrayList<>(predNodes), 0, goldEdgeCount);
        return new Result(best, bestPhi);
    }

    private int count(String g, String p, Map<String, String> phi) {
        int c = 0;
        for (Adjacent a : out.get(g)) {
            String pv = phi.get(a.node());
            if (pv != null && predEdges.contains(List.of(p, pv, a.type()))) {
                c++;
            }
        }
        for (Adjacent a : in.get(g)) {
            String pu = phi.get(a.node());
            if (pu != null && predEdges.contains(List.of(pu, p, a.type()))) {
                c++;
            }
        }
        return c;
    }

    private void branch(int depth, Map<String, String> phi, List<String> avail, int current, int unresolved) {
        if (current + unresolved <= best) {
            return;
        }
        if (depth == goldOrder.size()) {
            if (current > best) {
                best = current;
                bestPhi = new LinkedHashMap<>(phi);
            }
            return;
        }
        String g = goldOrder.get(depth);
        int resolvedNow = 0;
        for (Adjacent a : out.get(g)) {
            resolvedNow += phi.containsKey(a.node()) ? 1 : 0;
        }
        for (Adjacent a : in.get(g)) {
            resolvedNow += phi.containsKey(a.node()) ? 1 : 0;
        }
        int next = unresolved - resolvedNow;
        for (int j = 0; j < avail.size(); j++) {
            String p = avail.get(j);
            int gained = count(g, p, phi);
            phi.put(g, p);
            List<String> rest = new ArrayList<>(avail);
            rest.remove(j);
            branch(depth + 1, phi, rest, current + gained, next);
            phi.remove(g);
        }
        branch(depth + 1, phi, avail, current, next);
    }
}
