package io.causalstream.alignment;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The structure-first alignment of a predicted graph to a gold graph and its edge scores (EmpiriGraph eq. 17):
 * P = m* / |E_P|, R = m* / |E_G|, F1 = 2PR/(P+R), where m* is the number of gold edges matched under the best mapping
 * found. Both graphs empty: P = R = F1 = 1; exactly one empty: all 0 (the reference's conventions).
 *
 * @param matched        m*, gold edges matched under {@link #mapping}
 * @param goldEdges      |E_G| (edges as a set; a symmetric edge counts once)
 * @param predictedEdges |E_P|
 * @param provenOptimal  some order's search finished, so m* is the maximum over all injective partial mappings
 * @param anyTimeout     some order's search hit its time limit
 * @param order          the node order whose mapping is reported (the first with the best m*)
 * @param mapping        gold node id -&gt; predicted node id, for the gold nodes the mapping does not send to ∅, in
 *                       gold node order
 * @param perType        scores per edge type present in either graph, in {@link EdgeType} order (reference eq. 21)
 * @param runs           what each order's search did, in the order run
 */
public record AlignmentResult(int matched, int goldEdges, int predictedEdges, double precision, double recall,
                              double f1, boolean provenOptimal, boolean anyTimeout, NodeOrder order,
                              Map<String, String> mapping, Map<EdgeType, TypeScore> perType, List<OrderRun> runs) {

    /**
     * One order's search.
     *
     * @param order     the node order
     * @param greedy    edges matched by the greedy warm start
     * @param matched   edges matched by the best mapping this search found
     * @param rootBound the admissible upper bound at the root of the search
     * @param timedOut  the search hit its time limit (its result is then a lower bound on the optimum)
     * @param nodes     search nodes visited
     * @param elapsed   wall-clock time of this search
     */
    public record OrderRun(NodeOrder order, int greedy, int matched, int rootBound, boolean timedOut, long nodes,
                           Duration elapsed) {
    }

    public AlignmentResult {
        mapping = Collections.unmodifiableMap(new LinkedHashMap<>(mapping));
        EnumMap<EdgeType, TypeScore> types = new EnumMap<>(EdgeType.class);
        types.putAll(perType);
        perType = Collections.unmodifiableMap(types);
        runs = List.copyOf(runs);
    }

    /** The score of one edge type; a type absent from both graphs scores {@code TypeScore.of(0, 0, 0)} (all 1.0). */
    public TypeScore typeScore(EdgeType type) {
        return perType.getOrDefault(type, TypeScore.of(0, 0, 0));
    }

    /** The whole-graph score as a {@link TypeScore} (matched, gold, predicted, P, R, F1). */
    public TypeScore edgeScore() {
        return new TypeScore(matched, goldEdges, predictedEdges, precision, recall, f1);
    }

    /** Did the reported order's own search hit its time limit (the reference's {@code timed_out} column)? */
    public boolean timedOut() {
        return runs.stream().filter(r -> r.order().equals(order)).anyMatch(OrderRun::timedOut);
    }

    /** Total wall-clock time of all searches. */
    public Duration elapsed() {
        return runs.stream().map(OrderRun::elapsed).reduce(Duration.ZERO, Duration::plus);
    }
}
