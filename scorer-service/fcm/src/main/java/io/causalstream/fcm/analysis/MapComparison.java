package io.causalstream.fcm.analysis;

import io.causalstream.fcm.aggregate.ConceptKey;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.MapEdge;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Similarity of two maps. Concepts are matched by the normalised text of their ids ({@link ConceptKey}), so a map
 * read back from a Mental Modeler CSV (ids = labels) matches the JSON map it was exported from; maps built with
 * different concept resolution settings should be rebuilt with the same ones first.
 *
 * @param conceptJaccard |A ∩ B| / |A ∪ B| over concepts
 * @param edgeJaccard the same over directed edges (ordered concept pairs), signs ignored
 * @param signedEdgeJaccard the same over (pair, sign): an edge with opposite signs counts as two different edges
 * @param weightedJaccard Ruzicka's weighted Jaccard over the signed weights of the union of edges, each weight split
 *     into its positive and negative part: Σ min / Σ max. 1 for equal maps, 0 when no edge agrees in sign.
 * @param s2 the "S2-style" similarity used here, 1 − D with D the distance ratio of Langfield-Smith and Wirth (1992)
 *     as simplified by us: restricted to the concepts both maps have, D = Σ_{i≠j} |a_ij − b_ij| / (2 · K), K the
 *     number of ordered pairs of common concepts with an edge in either map (2 is the largest |a − b| per cell);
 *     1 when the maps agree exactly on their common concepts, 0 when every such edge is reversed in sign; NaN when
 *     the common concepts have no edge in either map. Langfield-Smith and Wirth's published denominator also counts
 *     cells of concepts only one map has; we report that part through the concept Jaccard instead.
 * @param commonConcepts |A ∩ B|
 * @param commonEdges directed edges in both maps
 */
public record MapComparison(double conceptJaccard, double edgeJaccard, double signedEdgeJaccard,
        double weightedJaccard, double s2, int commonConcepts, int commonEdges) {

    public static MapComparison of(CognitiveMap a, CognitiveMap b) {
        Set<String> ca = ids(a);
        Set<String> cb = ids(b);
        Set<String> common = new HashSet<>(ca);
        common.retainAll(cb);
        Map<String, Double> wa = weights(a);
        Map<String, Double> wb = weights(b);
        Set<String> pairs = new HashSet<>(wa.keySet());
        pairs.addAll(wb.keySet());
        int both = 0;
        int sameSign = 0;
        double min = 0;
        double max = 0;
        double distance = 0;
        int cells = 0;
        for (String p : pairs) {
            double x = wa.getOrDefault(p, 0.0);
            double y = wb.getOrDefault(p, 0.0);
            if (wa.containsKey(p) && wb.containsKey(p)) {
                both++;
                if (Math.signum(x) == Math.signum(y)) {
                    sameSign++;
                }
            }
            min += Math.min(Math.max(x, 0), Math.max(y, 0)) + Math.min(Math.max(-x, 0), Math.max(-y, 0));
            max += Math.max(Math.max(x, 0), Math.max(y, 0)) + Math.max(Math.max(-x, 0), Math.max(-y, 0));
            String[] st = p.split("\u0000", 2);
            if (common.contains(st[0]) && common.contains(st[1])) {
                distance += Math.abs(x - y);
                cells++;
            }
        }
        int signedUnion = wa.size() + wb.size() - sameSign;
        return new MapComparison(jaccard(common.size(), ca.size() + cb.size() - common.size()),
                jaccard(both, pairs.size()), jaccard(sameSign, signedUnion),
                max == 0 ? (pairs.isEmpty() ? 1 : 0) : min / max,
                cells == 0 ? Double.NaN : 1 - distance / (2.0 * cells), common.size(), both);
    }

    private static double jaccard(int intersection, int union) {
        return union == 0 ? 1 : (double) intersection / union;
    }

    private static Set<String> ids(CognitiveMap m) {
        Set<String> s = new HashSet<>();
        for (Concept c : m.concepts()) {
            s.add(ConceptKey.normalise(c.id()));
        }
        return s;
    }

    private static Map<String, Double> weights(CognitiveMap m) {
        Map<String, Double> w = new HashMap<>();
        for (MapEdge e : m.edges()) {
            w.put(ConceptKey.normalise(e.source()) + "\u0000" + ConceptKey.normalise(e.target()), e.weight());
        }
        return w;
    }
}
