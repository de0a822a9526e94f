package io.causalstream.measures;

import io.causalstream.schemas.graph.Triple;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Triple F1: how many predicted causal triples are gold triples, counted strictly on direction and softly on the
 * wording of the nodes. Unlike {@link EdgeSetScorer} (the paper's soft F1) a wrong direction earns nothing: there
 * are no partial positives.
 *
 * <p><b>Match.</b> A predicted triple and a gold triple match when S(predicted source, gold source) &ge; T,
 * S(predicted target, gold target) &ge; T and the directions are equal (both known). With {@code MeasureCatalog.rouge1Triples()} S is
 * the project's ROUGE-1 F (Porter-stemmed, {@code rouge1}) and T = 0.5: "removal of wolves" matches "wolves"
 * (P 1/3, R 1, F 0.5), "crop yields" matches "crop prices" (F 0.5), "crop yields" does not match "falling crop
 * prices" (F 0.4). Labels equal after {@link NodeText#normalise} match whatever S says; a blank label matches
 * nothing.
 *
 * <p><b>One-to-one.</b> A gold triple vouches for one predicted triple at most, and a predicted triple for one gold
 * triple. Among the matching pairs this takes a maximum one-to-one matching (Hungarian algorithm,
 * {@link MaximumWeightMatching}): the most pairs possible and, among assignments with that many pairs, the largest
 * summed similarity S(source) + S(target) (in thousandths). It never finds fewer pairs than the greedy rule "best
 * summed similarity first" and finds more where greed takes a gold triple that another prediction needed.
 *
 * <p><b>Sets.</b> Each side is first deduplicated as {@link EdgeSetScorer} does: triples equal after
 * {@link NodeText#normalise} of both nodes, with the same direction, count once. The counts of
 * {@link TripleMatchScore} are those of the sets.
 *
 * <p>Immutable; thread-safe when the similarity is.
 */
public final class TripleMatch {

    /** The threshold of {@code MeasureCatalog.rouge1Triples()}: both nodes ROUGE-1 F &ge; 0.5. */
    public static final double ROUGE1_THRESHOLD = 0.5;

    /** Similarity in thousandths: integer weights keep the matching exact. */
    private static final long SCALE = 1_000;

    private final NodeSimilarity similarity;
    private final double threshold;

    public TripleMatch(NodeSimilarity similarity, double threshold) {
        this.similarity = Objects.requireNonNull(similarity, "similarity");
        if (!Double.isFinite(threshold)) {
            throw new IllegalArgumentException("threshold must be a finite number, got " + threshold);
        }
        this.threshold = threshold;
    }

    public NodeSimilarity similarity() {
        return similarity;
    }

    public double threshold() {
        return threshold;
    }

    public TripleMatchScore scoreTriples(Collection<Triple> predicted, Collection<Triple> gold) {
        return score(predicted.stream().map(Edge::of).toList(), gold.stream().map(Edge::of).toList());
    }

    /** One passage: predicted against gold. */
    public TripleMatchScore score(Collection<Edge> predictedEdges, Collection<Edge> goldEdges) {
        List<Edge> predicted = EdgeSetScorer.asSet(predictedEdges);
        List<Edge> gold = EdgeSetScorer.asSet(goldEdges);
        int p = predicted.size();
        int g = gold.size();
        if (p == 0 || g == 0) {
            return new TripleMatchScore(0, p, g);
        }
        similarity.prepare(EdgeSetScorer.labels(predicted, gold));
        // a pair's weight: a constant larger than every summed similarity of a full matching, plus its own summed
        // similarity, so the maximum-weight matching has the most pairs first and the most similarity second
        long pairWeight = 2 * SCALE * Math.min(p, g) + 1;
        long[][] weights = new long[p][g];
        Map<List<String>, Double> memo = new LinkedHashMap<>();
        for (int i = 0; i < p; i++) {
            Edge e = predicted.get(i);
            for (int j = 0; j < g; j++) {
                Edge eg = gold.get(j);
                if (!e.sameDirection(eg)) {
                    continue;
                }
                double source = nodeSimilarity(e.source(), eg.source(), memo);
                double target = nodeSimilarity(e.target(), eg.target(), memo);
                if (source >= threshold && target >= threshold) {
                    weights[i][j] = pairWeight + Math.round(SCALE * (clamp(source) + clamp(target)));
                }
            }
        }
        int tp = 0;
        for (int col : MaximumWeightMatching.solve(weights)) {
            if (col >= 0) {
                tp++;
            }
        }
        return new TripleMatchScore(tp, p, g);
    }

    /**
     * Passages in order, {@code predicted.get(i)} against {@code gold.get(i)}: the micro-average (counts summed over
     * the passages).
     */
    public TripleMatchScore micro(List<? extends Collection<Edge>> predicted, List<? extends Collection<Edge>> gold) {
        if (predicted.size() != gold.size()) {
            throw new IllegalArgumentException(predicted.size() + " predictions for " + gold.size() + " passages");
        }
        TripleMatchScore total = TripleMatchScore.ZERO;
        for (int i = 0; i < gold.size(); i++) {
            total = total.plus(score(predicted.get(i), gold.get(i)));
        }
        return total;
    }

    private double nodeSimilarity(String predicted, String gold, Map<List<String>, Double> memo) {
        if (NodeText.isBlank(predicted) || NodeText.isBlank(gold)) {
            return Double.NEGATIVE_INFINITY;
        }
        return memo.computeIfAbsent(List.of(predicted, gold), k ->
                NodeText.normalise(predicted).equals(NodeText.normalise(gold)) ? Math.max(1.0, threshold)
                        : similarity.similarity(NodeText.bounded(predicted), NodeText.bounded(gold)));
    }

    private static double clamp(double s) {
        return Math.max(0.0, Math.min(1.0, s));
    }

    @Override
    public String toString() {
        return "triple-" + similarity.name() + "@" + threshold;
    }
}
