package io.causalstream.measures.reference;

import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.NodeText;
import io.causalstream.measures.RawEdge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The soft F1 exactly as the authors' released notebook computes it ({@code similarity_measures/
 * Measure_Evaluation.ipynb} of kuldeep7688/soft-measures-causal-intelligence, {@code ScoreCalculator}), which is
 * how the paper's Table 3 was produced. It differs from the paper's definition ({@code EdgeSetScorer}) on purpose:
 *
 * <ol>
 *   <li>Nodes are the distinct source strings and the distinct target strings of each graph, untouched (no
 *       trimming, case kept). Predicted sources are compared only with gold sources, targets with targets; a pair
 *       maps when {@code S(predicted, gold) >= T}; a predicted node maps to every gold node it reaches.</li>
 *   <li>The source and target maps are merged with the target map winning when a string is a key of both.</li>
 *   <li>A predicted edge (s, d, t) matches the gold edge (s', d, t') when s' is in the map of s, t' in the map of
 *       t and the stripped direction strings are equal, case-sensitively ({@code "Increase" != "increase"}).</li>
 *   <li>TP = distinct gold edges matched; FP = |predicted edges| - TP and FN = |gold edges| - TP, edges counted as
 *       listed (duplicates included); F1 = 2PR / (P + R), 0 when P + R = 0. No partial positives.</li>
 * </ol>
 * In the notebook's Table 3 run the "predicted" side is the gold standard (the tournament winner) and the "gold"
 * side each annotation; {@code study.EloStudy} calls it that way.
 *
 * <p>One departure, for robustness only: the similarity sees at most {@link NodeText#MAX_LABEL_CHARS} characters
 * of a label (the notebook's data has none that long).
 */
public final class ReferenceSoftF1 {

    private final NodeSimilarity similarity;
    private final double threshold;

    public ReferenceSoftF1(NodeSimilarity similarity, double threshold) {
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

    public ReferenceScore score(List<RawEdge> predicted, List<RawEdge> gold) {
        Set<String> predictedSources = new LinkedHashSet<>();
        Set<String> predictedTargets = new LinkedHashSet<>();
        Set<String> goldSources = new LinkedHashSet<>();
        Set<String> goldTargets = new LinkedHashSet<>();
        Set<List<String>> goldEdges = new HashSet<>();
        for (RawEdge e : gold) {
            goldSources.add(e.source());
            goldTargets.add(e.target());
            goldEdges.add(List.of(e.source(), e.direction().strip(), e.target()));
        }
        for (RawEdge e : predicted) {
            predictedSources.add(e.source());
            predictedTargets.add(e.target());
        }
        Map<String, List<String>> mapping = new HashMap<>(nodeMap(predictedSources, goldSources));
        mapping.putAll(nodeMap(predictedTargets, goldTargets));

        Set<List<String>> matched = new HashSet<>();
        for (RawEdge e : predicted) {
            String direction = e.direction().strip();
            List<String> sources = mapping.get(e.source());
            List<String> targets = mapping.get(e.target());
            if (sources == null || targets == null) {
                continue;
            }
            for (String s : sources) {
                for (String t : targets) {
                    List<String> candidate = List.of(s, direction, t);
                    if (goldEdges.contains(candidate)) {
                        matched.add(candidate);
                    }
                }
            }
        }
        int tp = matched.size();
        int fp = predicted.size() - tp;
        int fn = gold.size() - tp;
        return new ReferenceScore(tp, fp, fn, f1(tp, fp, fn));
    }

    /** Predicted node -> the gold nodes it reaches (only nodes that reach one are keys). */
    private Map<String, List<String>> nodeMap(Set<String> predictedNodes, Set<String> goldNodes) {
        Map<String, List<String>> map = new HashMap<>();
        for (String p : predictedNodes) {
            for (String g : goldNodes) {
                if (similarity.similarity(NodeText.bounded(p), NodeText.bounded(g)) >= threshold) {
                    map.computeIfAbsent(p, k -> new ArrayList<>()).add(g);
                }
            }
        }
        return map;
    }

    /** The notebook's {@code calculate_f1_score}, operation for operation. */
    static double f1(int tp, int fp, int fn) {
        double precision = tp + fp == 0 ? 0 : (double) tp / (tp + fp);
        double recall = tp + fn == 0 ? 0 : (double) tp / (tp + fn);
        if (precision + recall == 0) {
            return 0;
        }
        return 2 * (precision * recall) / (precision + recall);
    }
}
