package io.causalstream.fcm.analysis;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.MapEdge;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The structural indices of a map (Özesmi and Özesmi 2004, Ecological Modelling 176:43-64, section 2.3).
 *
 * @param concepts N
 * @param connections C, the edges with a non-zero weight
 * @param density C / N² (Özesmi and Özesmi's definition; a map cannot reach 1 as it has no self-loops)
 * @param densityNoLoops C / (N(N-1)), the share of possible edges present
 * @param connectionsPerConcept C / N
 * @param transmitters T
 * @param receivers R
 * @param ordinary the rest with an edge
 * @param complexity R / T (NaN without transmitters)
 * @param hierarchy MacDonald's (1983) hierarchy index h = 12 / ((N-1) N (N+1)) Σ_i (od_i − Σ od / N)², od on
 *     absolute weights: 0 for a democratic map, 1 for a fully hierarchical one (NaN for N &lt; 2)
 * @param centralities per concept, most central first
 */
public record MapIndices(int concepts, int connections, double density, double densityNoLoops,
        double connectionsPerConcept, int transmitters, int receivers, int ordinary, double complexity,
        double hierarchy, List<ConceptCentrality> centralities) {

    public static MapIndices of(CognitiveMap map) {
        int n = map.concepts().size();
        double[][] w = map.weightMatrix();
        int connections = 0;
        for (MapEdge e : map.edges()) {
            if (e.weight() != 0) {
                connections++;
            }
        }
        List<ConceptCentrality> all = new ArrayList<>(n);
        double[] outdegrees = new double[n];
        int t = 0;
        int r = 0;
        int o = 0;
        for (int i = 0; i < n; i++) {
            double in = 0;
            double out = 0;
            for (int j = 0; j < n; j++) {
                in += Math.abs(w[j][i]);
                out += Math.abs(w[i][j]);
            }
            outdegrees[i] = out;
            ConceptRole role = out > 0 && in == 0 ? ConceptRole.TRANSMITTER
                    : in > 0 && out == 0 ? ConceptRole.RECEIVER
                    : in > 0 ? ConceptRole.ORDINARY : ConceptRole.ISOLATED;
            switch (role) {
                case TRANSMITTER -> t++;
                case RECEIVER -> r++;
                case ORDINARY -> o++;
                default -> { }
            }
            all.add(new ConceptCentrality(map.concepts().get(i).id(), map.concepts().get(i).label(), in, out,
                    in + out, role));
        }
        all.sort(Comparator.comparingDouble(ConceptCentrality::centrality).reversed()
                .thenComparing(ConceptCentrality::concept));
        double hierarchy = Double.NaN;
        if (n >= 2) {
            double mean = 0;
            for (double od : outdegrees) {
                mean += od;
            }
            mean /= n;
            double sum = 0;
            for (double od : outdegrees) {
                sum += (od - mean) * (od - mean);
            }
            hierarchy = 12.0 / ((double) (n - 1) * n * (n + 1)) * sum;
        }
        return new MapIndices(n, connections, n == 0 ? 0 : (double) connections / ((double) n * n),
                n < 2 ? 0 : (double) connections / ((double) n * (n - 1)), n == 0 ? 0 : (double) connections / n,
                t, r, o, t == 0 ? Double.NaN : (double) r / t, hierarchy, all);
    }
}
