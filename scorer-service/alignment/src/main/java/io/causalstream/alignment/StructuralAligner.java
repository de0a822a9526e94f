package io.causalstream.alignment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Structure-first alignment F1 (EmpiriGraph section 5.2, appendix A.3): the injective partial node mapping
 * φ: V_G -&gt; V_P ∪ {∅} that maximises the number of gold edges (u, v, τ) with (φ(u), φ(v), τ) predicted, found by
 * branch and bound ({@link BranchAndBound}) under several node orders, each with a time limit; then precision, recall
 * and F1 overall and per edge type. Node labels play no part in the alignment — only structure and types do.
 *
 * <p>Orders run one after another as in the reference: the reported result is the first order's whose matched count
 * is highest. A finished search proves optimality ({@link AlignmentResult#provenOptimal()}); with
 * {@link AlignmentOptions#stopWhenProven()} the remaining orders are skipped then, since they can only tie.
 *
 * <p>Immutable and thread-safe; every call searches independently.
 */
public final class StructuralAligner {

    private final AlignmentOptions options;

    public StructuralAligner() {
        this(AlignmentOptions.DEFAULT);
    }

    public StructuralAligner(AlignmentOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    public AlignmentOptions options() {
        return options;
    }

    /** Preprocesses both raw graphs ({@link Preprocessing#apply}), applies the view to both, and aligns them. */
    public AlignmentResult evaluate(TypedGraph rawGold, TypedGraph rawPredicted, EvaluationView view) {
        return align(view.apply(Preprocessing.apply(rawGold)), view.apply(Preprocessing.apply(rawPredicted)));
    }

    /** Aligns two graphs as they are (no preprocessing, no view). */
    public AlignmentResult align(TypedGraph gold, TypedGraph predicted) {
        AlignmentProblem problem = new AlignmentProblem(gold, predicted);
        int mGold = problem.goldEdgeCount;
        int mPred = problem.predEdgeCount;
        if (mGold == 0 || mPred == 0) {
            double score = mGold == 0 && mPred == 0 ? 1.0 : 0.0;
            int[] unmapped = new int[problem.n];
            Arrays.fill(unmapped, -1);
            return new AlignmentResult(0, mGold, mPred, score, score, score, true, false, options.orders().get(0),
                    Map.of(), perType(problem, unmapped), List.of());
        }
        Map<String, Integer> goldIndex = new HashMap<>();
        for (int i = 0; i < problem.n; i++) {
            goldIndex.put(problem.goldIds.get(i), i);
        }
        List<AlignmentResult.OrderRun> runs = new ArrayList<>();
        BranchAndBound.Outcome best = null;
        NodeOrder bestOrder = null;
        boolean proven = false;
        boolean anyTimeout = false;
        for (NodeOrder order : options.orders()) {
            int[] sequence = order.apply(gold).stream().mapToInt(goldIndex::get).toArray();
            long start = System.nanoTime();
            BranchAndBound.Outcome outcome = new BranchAndBound(problem, sequence, deadline(start)).run();
            runs.add(new AlignmentResult.OrderRun(order, outcome.greedy(), outcome.matched(), outcome.rootBound(),
                    outcome.timedOut(), outcome.nodes(), Duration.ofNanos(System.nanoTime() - start)));
            if (best == null || outcome.matched() > best.matched()) {
                best = outcome;
                bestOrder = order;
            }
            anyTimeout |= outcome.timedOut();
            if (!outcome.timedOut()) {
                proven = true;
                if (options.stopWhenProven()) {
                    break;
                }
            }
        }
        int matched = best.matched();
        double precision = (double) matched / mPred;
        double recall = (double) matched / mGold;
        double f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
        Map<String, String> mapping = new LinkedHashMap<>();
        for (int g = 0; g < problem.n; g++) {
            if (best.mapping()[g] >= 0) {
                mapping.put(problem.goldIds.get(g), problem.predIds.get(best.mapping()[g]));
            }
        }
        return new AlignmentResult(matched, mGold, mPred, precision, recall, f1, proven, anyTimeout, bestOrder,
                mapping, perType(problem, best.mapping()), runs);
    }

    private long deadline(long start) {
        long budget = options.timeLimitPerOrder().toNanos();
        long deadline = start + budget;
        return deadline < start ? Long.MAX_VALUE : deadline;
    }

    /** Per-type matched / gold / predicted counts under a mapping (gold index -&gt; predicted index or -1). */
    private static Map<EdgeType, TypeScore> perType(AlignmentProblem p, int[] mapping) {
        int[] matched = new int[AlignmentProblem.TYPES];
        for (int e = 0; e < p.goldSource.length; e++) {
            int x = mapping[p.goldSource[e]];
            int y = mapping[p.goldTarget[e]];
            if (x >= 0 && y >= 0 && p.predHas(p.goldType[e], x, y)) {
                matched[p.goldType[e]]++;
            }
        }
        for (int g = 0; g < p.n; g++) {
            int x = mapping[g];
            for (int t = 0; t < AlignmentProblem.TYPES; t++) {
                if (x >= 0 && p.goldSelfLoops[g][t] > 0 && p.predSelfLoop[x][t]) {
                    matched[t] += p.goldSelfLoops[g][t];
                }
            }
        }
        Map<EdgeType, TypeScore> out = new EnumMap<>(EdgeType.class);
        for (EdgeType type : EdgeType.values()) {
            int t = type.ordinal();
            if (p.goldTypeCount[t] > 0 || p.predTypeCount[t] > 0) {
                out.put(type, TypeScore.of(matched[t], p.goldTypeCount[t], p.predTypeCount[t]));
            }
        }
        return out;
    }
}
