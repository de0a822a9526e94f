package io.causalstream.alignment;

import io.causalstream.measures.MaximumWeightMatching;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The exact search of EmpiriGraph appendix A.3 (Algorithm 1) for one node order: a greedy warm start, then a
 * depth-first search over injective partial mappings gold -&gt; predicted ∪ {∅} that prunes a branch only when the
 * matched edges so far plus an admissible bound on the edges still matchable cannot beat the incumbent.
 *
 * <p><b>Same tree as the reference.</b> Gold nodes are assigned in the given order; at each node the candidates are
 * the unused predicted nodes in graph order, then ∅ — the branching of the reference evaluator. The incumbent only
 * changes on a strictly better complete mapping, so any admissible pruning leaves the sequence of incumbents (and the
 * mapping finally reported) unchanged; only the time to get there shrinks. That is why a finished search here reports
 * the very mapping the reference reports whenever the reference finished, or timed out already holding an optimum.
 *
 * <p><b>Why it is fast.</b> The reference prunes with "number of gold edges not yet decided", which stays loose until
 * deep in the tree; its searches hit the 150 s limit on the hardest sample article. Here:
 * <ul>
 *   <li>the bound is the smallest of three admissible bounds: the paper's type-wise bound
 *       Σ_τ min(open gold edges of τ, predicted edges of τ with an unused end); a per-node bound, where every
 *       unassigned gold node w contributes at most max over unused predicted x of (edges to already mapped nodes that
 *       x would match) + ½·Σ_slot min(w's edges to unassigned nodes, x's edges to unused nodes) per (type, side)
 *       slot; and the same per-node values under a maximum-weight <i>injective</i> assignment ({@link MaximumWeightMatching#maxTotalWeight},
 *       Hungarian algorithm), computed only when the cheaper two fail to prune — it is what collapses the search
 *       when many gold nodes compete for the same few predicted hubs (type-agnostic view, triples);</li>
 *   <li>the bound terms are maintained incrementally (gain[w][x] is updated when a neighbour of w is assigned, and
 *       undone on backtrack), so a search node costs O(|W|·|X|) without rescanning edges;</li>
 *   <li>interchangeable branches are explored once: a predicted node that can no longer take part in any match (no
 *       gain for any unassigned gold node, no edge to an unused node) is worth exactly as much as ∅, so after the first
 *       such candidate the others and ∅ are skipped — their best completion equals one already explored;</li>
 *   <li>the search stops as soon as the incumbent reaches the bound at the root.</li>
 * </ul>
 * A time limit makes it anytime: on expiry it returns the best mapping found and says so.
 *
 * <p>Self-loops count like any edge: a gold self-loop (u, u, τ) is matched when (φ(u), φ(u), τ) is predicted. (The
 * reference never counts a gold self-loop during its search; the preprocessed sample gold graphs contain none.)
 *
 * <p>One instance runs one search; not thread-safe.
 *
 * <p>Why this is long: one search whose every step reads and undoes one state: the mapping, its gains and bounds.
 */
final class BranchAndBound {

    static final int UNASSIGNED = -1;
    static final int NONE = -2;
    /** Large problems check the clock at every search node, small ones every 1024 (a node costs microseconds). */
    private static final int LARGE = 4_096;
    /** Above this many unassigned gold nodes the O(k³) assignment bound is skipped (the cheaper bounds remain). */
    private static final int ASSIGNMENT_BOUND_MAX_ROWS = 128;

    /** What one search produced. {@code mapping[g]} is the predicted index of gold node g, or -1 for ∅. */
    record Outcome(int matched, int[] mapping, boolean timedOut, long nodes, int greedy, int rootBound) {
    }

    private final AlignmentProblem p;
    private final int[] order;
    private final long deadline;
    private final int n;
    private final int m;
    private final int timeCheckMask;

    private final int[] phi;
    private final boolean[] used;
    private final int[][] gain;
    private final int[] gainTotal;
    private final int[][] goldOpen;
    private final int[][] goldOpenSlots;
    private final int[][] predFree;
    private final int[] predFreeTotal;
    private final int[] openGold;
    private final int[] freePred;
    private final boolean[] goldHasSelf;
    private final boolean[] predHasSelf;
    private int current;

    private int best;
    private int[] bestPhi;
    private int rootBound;
    private long nodes;
    private boolean timedOut;
    private boolean done;

    /**
     * @param order    gold node indices in assignment order (a permutation of 0..n-1)
     * @param deadline {@link System#nanoTime()} value after which the search stops; {@link Long#MAX_VALUE} for none
     */
    BranchAndBound(AlignmentProblem problem, int[] order, long deadline) {
        this.p = problem;
        this.order = order;
        this.deadline = deadline;
        this.n = problem.n;
        this.m = problem.m;
        this.timeCheckMask = (long) n * m > LARGE ? 0 : 1023;
        phi = new int[n];
        Arrays.fill(phi, UNASSIGNED);
        used = new boolean[m];
        gain = new int[n][m];
        gainTotal = new int[m];
        goldOpen = new int[n][AlignmentProblem.SLOTS];
        for (int e = 0; e < p.goldSource.length; e++) {
            int t = p.goldType[e];
            goldOpen[p.goldSource[e]][AlignmentProblem.slot(t, true)]++;
            goldOpen[p.goldTarget[e]][AlignmentProblem.slot(t, false)]++;
        }
        goldOpenSlots = new int[n][];
        goldHasSelf = new boolean[n];
        for (int g = 0; g < n; g++) {
            int[] row = goldOpen[g];
            goldOpenSlots[g] = IntStream.range(0, row.length).filter(s -> row[s] > 0).toArray();
            for (int t = 0; t < AlignmentProblem.TYPES; t++) {
                goldHasSelf[g] |= p.goldSelfLoops[g][t] > 0;
            }
        }
        predFree = new int[m][AlignmentProblem.SLOTS];
        predFreeTotal = new int[m];
        for (int e = 0; e < p.predSource.length; e++) {
            int t = p.predType[e];
            predFree[p.predSource[e]][AlignmentProblem.slot(t, true)]++;
            predFree[p.predTarget[e]][AlignmentProblem.slot(t, false)]++;
            predFreeTotal[p.predSource[e]]++;
            predFreeTotal[p.predTarget[e]]++;
        }
        predHasSelf = new boolean[m];
        for (int x = 0; x < m; x++) {
            for (int t = 0; t < AlignmentProblem.TYPES; t++) {
                predHasSelf[x] |= p.predSelfLoop[x][t];
            }
        }
        openGold = p.goldTypeCount.clone();
        freePred = p.predTypeCount.clone();
    }

    Outcome run() {
        int greedy = greedy();
        rootBound = typeBound();
        if (best < rootBound) {
            rootBound = Math.min(rootBound, nodeBound2(0, Integer.MAX_VALUE) / 2);
        }
        if (best < rootBound && n <= ASSIGNMENT_BOUND_MAX_ROWS) {
            rootBound = Math.min(rootBound, matchingBound2(0) / 2);
        }
        done = best >= rootBound;
        if (!done) {
            search(0);
        }
        int[] mapping = new int[n];
        for (int g = 0; g < n; g++) {
            mapping[g] = bestPhi[g] >= 0 ? bestPhi[g] : -1;
        }
        return new Outcome(best, mapping, timedOut, nodes, greedy, rootBound);
    }

    /** The reference's warm start: each gold node in order takes the first unused node with the most new matches. */
    private int greedy() {
        int[] chosen = new int[n];
        for (int i = 0; i < n; i++) {
            int u = order[i];
            int bestGain = -1;
            int bestX = NONE;
            for (int x = 0; x < m; x++) {
                if (!used[x]) {
                    int c = gain[u][x] + selfGain(u, x);
                    if (c > bestGain) {
                        bestGain = c;
                        bestX = x;
                    }
                }
            }
            chosen[i] = bestX;
            assign(u, bestX);
        }
        best = current;
        bestPhi = phi.clone();
        for (int i = n - 1; i >= 0; i--) {
            unassign(order[i], chosen[i]);
        }
        return best;
    }

    private void search(int depth) {
        if ((nodes++ & timeCheckMask) == 0 && System.nanoTime() > deadline) {
            timedOut = true;
        }
        if (timedOut || prunable(depth)) {
            return;
        }
        if (depth == n) {
            best = current;
            bestPhi = phi.clone();
            done = best >= rootBound;
            return;
        }
        int u = order[depth];
        boolean idleTried = false;
        for (int x = 0; x < m; x++) {
            if (used[x]) {
                continue;
            }
            if (gainTotal[x] == 0 && predFreeTotal[x] == 0 && !predHasSelf[x]) {
                if (idleTried) {
                    continue;
                }
                idleTried = true;
            }
            assign(u, x);
            search(depth + 1);
            unassign(u, x);
            if (timedOut || done) {
                return;
            }
        }
        if (!idleTried) {
            assign(u, NONE);
            search(depth + 1);
            unassign(u, NONE);
        }
    }

    /** True when current + an admissible bound on further matches cannot exceed the incumbent. */
    private boolean prunable(int depth) {
        int slack = best - current;
        if (typeBound() <= slack) {
            return true;
        }
        // prune iff floor(sum2 / 2) <= slack  iff  sum2 <= 2 * slack + 1
        int limit = 2 * slack + 1;
        if (nodeBound2(depth, limit) <= limit) {
            return true;
        }
        return n - depth <= ASSIGNMENT_BOUND_MAX_ROWS && matchingBound2(depth) <= limit;
    }

    private int typeBound() {
        int u = 0;
        for (int t = 0; t < AlignmentProblem.TYPES; t++) {
            u += Math.min(openGold[t], freePred[t]);
        }
        return u;
    }

    /** Twice the per-node bound over the unassigned gold nodes order[depth..]; stops early once above {@code limit}. */
    private int nodeBound2(int depth, int limit) {
        int sum = 0;
        for (int i = depth; i < n; i++) {
            int w = order[i];
            int[] slots = goldOpenSlots[w];
            int[] open = goldOpen[w];
            int[] gw = gain[w];
            int bestW = 0;
            for (int x = 0; x < m; x++) {
                if (used[x]) {
                    continue;
                }
                int v = 2 * gw[x];
                if (goldHasSelf[w]) {
                    v += 2 * selfGain(w, x);
                }
                int[] free = predFree[x];
                for (int s : slots) {
                    v += Math.min(open[s], free[s]);
                }
                if (v > bestW) {
                    bestW = v;
                }
            }
            sum += bestW;
            if (sum > limit) {
                return sum;
            }
        }
        return sum;
    }

    /**
     * Twice the injective per-node bound: the per-node values of {@link #nodeBound2} under a maximum-weight
     * assignment of the unassigned gold nodes to distinct unused predicted nodes (or to nothing), instead of each
     * gold node taking its best predicted node independently. Only computed when the cheaper bound fails to prune.
     */
    private int matchingBound2(int depth) {
        int rows = 0;
        int[] rowNodes = new int[n - depth];
        for (int i = depth; i < n; i++) {
            rowNodes[rows++] = order[i];
        }
        int cols = 0;
        int[] colNodes = new int[m];
        for (int x = 0; x < m; x++) {
            if (!used[x]) {
                colNodes[cols++] = x;
            }
        }
        if (rows == 0 || cols == 0) {
            return 0;
        }
        int[][] weight = new int[rows][cols];
        for (int r = 0; r < rows; r++) {
            int w = rowNodes[r];
            int[] slots = goldOpenSlots[w];
            int[] open = goldOpen[w];
            int[] gw = gain[w];
            for (int c = 0; c < cols; c++) {
                int x = colNodes[c];
                int v = 2 * gw[x];
                if (goldHasSelf[w]) {
                    v += 2 * selfGain(w, x);
                }
                int[] free = predFree[x];
                for (int s : slots) {
                    v += Math.min(open[s], free[s]);
                }
                weight[r][c] = v;
            }
        }
        return MaximumWeightMatching.maxTotalWeight(weight, rows, cols);
    }

    private int selfGain(int u, int x) {
        if (!goldHasSelf[u] || !predHasSelf[x]) {
            return 0;
        }
        int c = 0;
        for (int t = 0; t < AlignmentProblem.TYPES; t++) {
            if (p.predSelfLoop[x][t]) {
                c += p.goldSelfLoops[u][t];
            }
        }
        return c;
    }

    private void assign(int u, int x) {
        phi[u] = x;
        int[] gu = gain[u];
        for (int y = 0; y < m; y++) {
            gainTotal[y] -= gu[y];
        }
        if (x >= 0) {
            current += gu[x] + selfGain(u, x);
        }
        for (int e : p.goldIncident[u]) {
            boolean uIsSource = p.goldSource[e] == u;
            int w = uIsSource ? p.goldTarget[e] : p.goldSource[e];
            int t = p.goldType[e];
            if (phi[w] == UNASSIGNED) {
                goldOpen[w][AlignmentProblem.slot(t, !uIsSource)]--;
                if (x >= 0) {
                    int[] gw = gain[w];
                    for (int y : uIsSource ? p.predOut[t][x] : p.predIn[t][x]) {
                        gw[y]++;
                        gainTotal[y]++;
                    }
                } else {
                    openGold[t]--;
                }
            } else if (phi[w] >= 0) {
                openGold[t]--;
            }
        }
        for (int t = 0; t < AlignmentProblem.TYPES; t++) {
            openGold[t] -= p.goldSelfLoops[u][t];
        }
        if (x >= 0) {
            use(x);
        }
    }

    private void unassign(int u, int x) {
        if (x >= 0) {
            release(x);
        }
        for (int t = 0; t < AlignmentProblem.TYPES; t++) {
            openGold[t] += p.goldSelfLoops[u][t];
        }
        for (int e : p.goldIncident[u]) {
            boolean uIsSource = p.goldSource[e] == u;
            int w = uIsSource ? p.goldTarget[e] : p.goldSource[e];
            int t = p.goldType[e];
            if (phi[w] == UNASSIGNED) {
                goldOpen[w][AlignmentProblem.slot(t, !uIsSource)]++;
                if (x >= 0) {
                    int[] gw = gain[w];
                    for (int y : uIsSource ? p.predOut[t][x] : p.predIn[t][x]) {
                        gw[y]--;
                        gainTotal[y]--;
                    }
                } else {
                    openGold[t]++;
                }
            } else if (phi[w] >= 0) {
                openGold[t]++;
            }
        }
        int[] gu = gain[u];
        if (x >= 0) {
            current -= gu[x] + selfGain(u, x);
        }
        for (int y = 0; y < m; y++) {
            gainTotal[y] += gu[y];
        }
        phi[u] = UNASSIGNED;
    }

    private void use(int x) {
        used[x] = true;
        for (int e : p.predIncident[x]) {
            boolean xIsSource = p.predSource[e] == x;
            int y = xIsSource ? p.predTarget[e] : p.predSource[e];
            if (used[y]) {
                freePred[p.predType[e]]--;
            } else {
                predFree[y][AlignmentProblem.slot(p.predType[e], !xIsSource)]--;
                predFreeTotal[y]--;
            }
        }
        for (int t = 0; t < AlignmentProblem.TYPES; t++) {
            if (p.predSelfLoop[x][t]) {
                freePred[t]--;
            }
        }
    }

    private void release(int x) {
        for (int t = 0; t < AlignmentProblem.TYPES; t++) {
            if (p.predSelfLoop[x][t]) {
                freePred[t]++;
            }
        }
        for (int e : p.predIncident[x]) {
            boolean xIsSource = p.predSource[e] == x;
            int y = xIsSource ? p.predTarget[e] : p.predSource[e];
            if (used[y]) {
                freePred[p.predType[e]]++;
            } else {
                predFree[y][AlignmentProblem.slot(p.predType[e], !xIsSource)]++;
                predFreeTotal[y]++;
            }
        }
        used[x] = false;
    }
}
