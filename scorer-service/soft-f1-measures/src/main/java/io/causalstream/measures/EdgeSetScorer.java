package io.causalstream.measures;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The softly thresholded F1 between a predicted and a gold edge set (Berijanian et al., "Soft Measures for
 * Extracting Causal Collective Intelligence", section 3.3), for one node similarity S and threshold T.
 *
 * <p><b>Matching.</b> A predicted edge e and a gold edge g <i>match</i> when S(e.source, g.source) &ge; T and
 * S(e.target, g.target) &ge; T (the paper's textual attributes A = {source, target}). The paper states TP, PP, FP
 * and FN with "there exists", which lets one gold edge vouch for many predicted ones; here every gold edge is used at
 * most once, so repeating a correct edge cannot raise the score. The pairs are a <b>maximum one-to-one matching</b>
 * (Hungarian algorithm, exact): it has the most direction-agreeing pairs possible and, among those, the most
 * matched pairs in total. Then
 * <ul>
 *   <li>TP = matched pairs with the same direction (the paper's non-textual attribute N = {direction});</li>
 *   <li>PP = matched pairs with different directions;</li>
 *   <li>FP = predicted edges left unmatched; FN = gold edges left unmatched.</li>
 * </ul>
 * A greedy matching is not used because it can depend on edge order and miss pairs a maximum matching finds.
 *
 * <p><b>Equal labels.</b> Two labels equal after {@link NodeText#normalise} match whatever S says: a label is as
 * similar to itself as a label can be, yet some measures score identical short labels low (METEOR gives an
 * identical one-word label 0.5 — one match, one chunk, and the fragmentation penalty halves it; NLTK BLEU with
 * smoothing method 1 gives 0.18), which would make an exact copy a miss at any threshold above that.
 *
 * <p><b>Scores.</b> {@code f1} is the paper's formula (1):
 * <pre>  (2·TP + PP) / (2·TP + PP + FP + FN)</pre>
 * Note that a PP pair counts once in numerator and denominator where a TP pair counts twice, so predictions whose
 * nodes all match but whose directions are all wrong still score 1.0 under (1); {@code f1Strict} is the guard.
 * {@code f1Strict} is the paper's E* ("computed without partial positives", Table 3): a node-matching pair with the
 * wrong direction is an error, i.e. one false positive and one false negative:
 * <pre>  2·TP / (2·TP + 2·PP + FP + FN)  =  2·TP / (|E| + |E_gold|)</pre>
 * Because the matching maximises TP first, this equals classical F1 over "S-matching edges with equal direction";
 * with {@link ExactMatch} and T = 1 it is the classical F1 between edge sets, as the paper notes.
 *
 * <p><b>Edge sets.</b> The paper scores edge <i>sets</i>, so each side is first deduplicated: triples whose source
 * and target are equal after {@link NodeText#normalise} and whose directions are equal count once. Edges that are
 * only similar (not equal) stay distinct, and a second predicted edge similar to an already matched gold edge is a
 * false positive.
 *
 * <p><b>Empty sets.</b> Both empty: f1 = f1Strict = 1.0. Formula (1) is 0/0 there; an annotation that finds no
 * causal relation in a passage whose gold has none agrees with the gold completely, and scoring it 0 would rank it
 * below any wrong annotation with a single lucky edge. One side empty: every edge of the other is an FP (or FN),
 * TP = PP = 0, so both scores are 0 by the formula itself.
 *
 * <p><b>Bad input.</b> An edge with an empty or whitespace-only source or target matches nothing (it is an FP or
 * FN). An edge whose direction is unknown ({@code null}, an unrecognised direction word) can match on its nodes
 * but is then a partial positive. The similarity sees at most {@link NodeText#MAX_LABEL_CHARS} characters of a
 * label. Any text, in any script, is scored by the similarity's own rules.
 *
 * <p>Instances are immutable and thread-safe when the similarity is.
 */
public final class EdgeSetScorer implements EdgeSetMeasure {

    private final NodeSimilarity similarity;
    private final double threshold;

    /**
     * @param similarity the node similarity S
     * @param threshold  T: nodes match when S &ge; T; must be a finite number
     */
    public EdgeSetScorer(NodeSimilarity similarity, double threshold) {
        this.similarity = Objects.requireNonNull(similarity, "similarity");
        if (!Double.isFinite(threshold)) {
            throw new IllegalArgumentException("threshold must be a finite number, got " + threshold);
        }
        this.threshold = threshold;
    }

    public NodeSimilarity similarity() {
        return similarity;
    }

    @Override
    public String name() {
        return similarity.name();
    }

    @Override
    public double threshold() {
        return threshold;
    }

    @Override
    public EdgeSetScore score(List<Edge> predicted, List<Edge> gold) {
        return score((Collection<Edge>) predicted, gold);
    }

    public EdgeSetScore score(Collection<Edge> predictedEdges, Collection<Edge> goldEdges) {
        List<Edge> predicted = asSet(predictedEdges);
        List<Edge> gold = asSet(goldEdges);
        int p = predicted.size();
        int g = gold.size();
        if (p == 0 && g == 0) {
            return new EdgeSetScore(0, 0, 0, 0, 1.0, 1.0);
        }

        // Weights make any extra TP pair worth more than every PP pair together: a PP pair weighs 1, a TP pair
        // min(p, g) + 1. The maximum-weight matching therefore maximises TP first, then the number of pairs.
        long tpWeight = Math.min(p, g) + 1L;
        prepareLabels(predicted, gold);
        long[][] weights = new long[p][g];
        Map<List<String>, Boolean> matches = new HashMap<>();
        for (int i = 0; i < p; i++) {
            Edge e = predicted.get(i);
            for (int j = 0; j < g; j++) {
                Edge eg = gold.get(j);
                if (nodesMatch(e.source(), eg.source(), matches) && nodesMatch(e.target(), eg.target(), matches)) {
                    weights[i][j] = e.sameDirection(eg) ? tpWeight : 1L;
                }
            }
        }
        int[] match = MaximumWeightMatching.solve(weights);

        int tp = 0;
        int pp = 0;
        for (int i = 0; i < p; i++) {
            if (match[i] >= 0) {
                if (weights[i][match[i]] == tpWeight) {
                    tp++;
                } else {
                    pp++;
                }
            }
        }
        int fp = p - tp - pp;
        int fn = g - tp - pp;
        double f1 = (2.0 * tp + pp) / (2.0 * tp + pp + fp + fn);
        double f1Strict = (2.0 * tp) / (2.0 * tp + 2.0 * pp + fp + fn);
        return new EdgeSetScore(tp, pp, fp, fn, f1, f1Strict);
    }

    /**
     * Labels equal after {@link NodeText#normalise} always match; otherwise S(predicted, gold) >= T, each label pair
     * computed once per scoring (a node recurs across edges).
     */
    private boolean nodesMatch(String predicted, String gold, Map<List<String>, Boolean> memo) {
        if (NodeText.isBlank(predicted) || NodeText.isBlank(gold)) {
            return false;
        }
        return memo.computeIfAbsent(List.of(predicted, gold), k ->
                NodeText.normalise(predicted).equals(NodeText.normalise(gold))
                        || similarity.similarity(NodeText.bounded(predicted), NodeText.bounded(gold)) >= threshold);
    }

    private void prepareLabels(List<Edge> predicted, List<Edge> gold) {
        similarity.prepare(labels(predicted, gold));
    }

    /** Every non-blank node label of both sides, bounded as the similarities read them, each once. */
    static java.util.Set<String> labels(List<Edge> predicted, List<Edge> gold) {
        java.util.Set<String> labels = new java.util.LinkedHashSet<>();
        for (List<Edge> edges : List.of(predicted, gold)) {
            for (Edge e : edges) {
                if (!NodeText.isBlank(e.source())) {
                    labels.add(NodeText.bounded(e.source()));
                }
                if (!NodeText.isBlank(e.target())) {
                    labels.add(NodeText.bounded(e.target()));
                }
            }
        }
        return labels;
    }

    /** Edges equal after {@link NodeText#normalise} of both nodes, with the same direction, once each. */
    static List<Edge> asSet(Collection<Edge> edges) {
        Map<List<Object>, Edge> unique = new LinkedHashMap<>();
        for (Edge e : edges) {
            unique.putIfAbsent(Arrays.asList(NodeText.normalise(e.source()), NodeText.normalise(e.target()),
                    e.direction()), e);
        }
        return new ArrayList<>(unique.values());
    }

    @Override
    public String toString() {
        return similarity.name() + "@" + threshold;
    }
}
