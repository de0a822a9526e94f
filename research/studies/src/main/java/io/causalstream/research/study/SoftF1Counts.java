package io.causalstream.research.study;

import io.causalstream.measures.Edge;
import io.causalstream.measures.EdgeSetScore;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.RawEdge;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/**
 * The TP / PP / FP / FN counts of every ranked annotation against its passage's gold, per (human ranking,
 * similarity, threshold), computed once and shared by every formula over them (E, E*, the weighted variants).
 * Node similarities are memoised across thresholds: a label pair is scored once per run. Not thread-safe.
 */
public final class SoftF1Counts {

    private final Map<String, EdgeSetScore[][]> cache = new HashMap<>();
    private final Map<String, NodeSimilarity> memos = new HashMap<>();

    /** {@code [passage][rival]} counts, rivals in {@link EloStudy#rivals} order. */
    public EdgeSetScore[][] counts(EloStudy study, NodeSimilarity similarity, double threshold) {
        String key = study.ranking().name() + '\u0000' + similarity.name() + '\u0000' + threshold;
        EdgeSetScore[][] hit = cache.get(key);
        if (hit != null) {
            return hit;
        }
        EdgeSetScorer scorer = new EdgeSetScorer(memo(similarity), threshold);
        EdgeSetScore[][] out = new EdgeSetScore[study.passages()][];
        for (int p = 0; p < out.length; p++) {
            List<Edge> gold = edges(study.gold(p));
            List<String> rivals = study.rivals(p);
            out[p] = new EdgeSetScore[rivals.size()];
            for (int i = 0; i < rivals.size(); i++) {
                out[p][i] = scorer.score(edges(study.data().annotation(rivals.get(i), p).edges()), gold);
            }
        }
        cache.put(key, out);
        return out;
    }

    /** Per-passage correlations of {@code formula} over the counts. */
    public static double[] correlations(EloStudy study, EdgeSetScore[][] counts, ToDoubleFunction<EdgeSetScore> formula) {
        double[][] values = new double[counts.length][];
        for (int p = 0; p < counts.length; p++) {
            values[p] = new double[counts[p].length];
            for (int i = 0; i < counts[p].length; i++) {
                values[p][i] = formula.applyAsDouble(counts[p][i]);
            }
        }
        return study.correlations(values);
    }

    /**
     * A soft-F1 family over a threshold grid: one candidate per threshold, scored by {@code formula}.
     *
     * @param fixedThreshold the paper's threshold (added to the grid when missing), or NaN when it gave none
     */
    public MeasureFamily family(String name, NodeSimilarity similarity, List<Double> grid, double fixedThreshold,
            ToDoubleFunction<EdgeSetScore> formula) {
        List<Double> thresholds = new ArrayList<>(grid);
        int fixed = -1;
        if (!Double.isNaN(fixedThreshold)) {
            fixed = thresholds.indexOf(fixedThreshold);
            if (fixed < 0) {
                thresholds.add(fixedThreshold);
                thresholds.sort(Double::compare);
                fixed = thresholds.indexOf(fixedThreshold);
            }
        }
        List<Double> frozen = List.copyOf(thresholds);
        return new MeasureFamily(name, frozen.stream().map(t -> "T=" + t).toList(), fixed, study -> {
            double[][] rho = new double[frozen.size()][];
            for (int c = 0; c < rho.length; c++) {
                rho[c] = correlations(study, counts(study, similarity, frozen.get(c)), formula);
            }
            return rho;
        });
    }

    private NodeSimilarity memo(NodeSimilarity similarity) {
        return memos.computeIfAbsent(similarity.name(), n -> new Memo(similarity));
    }

    private static List<Edge> edges(List<RawEdge> raw) {
        return raw.stream().map(RawEdge::toEdge).toList();
    }

    /** A similarity remembered per (predicted, gold) label pair. */
    private static final class Memo implements NodeSimilarity {
        private final NodeSimilarity inner;
        private final Map<String, Double> values = new ConcurrentHashMap<>();

        Memo(NodeSimilarity inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public double similarity(String predicted, String gold) {
            return values.computeIfAbsent(predicted + '\u0000' + gold, k -> inner.similarity(predicted, gold));
        }

        @Override
        public void prepare(Collection<String> labels) {
            inner.prepare(labels);
        }
    }
}
