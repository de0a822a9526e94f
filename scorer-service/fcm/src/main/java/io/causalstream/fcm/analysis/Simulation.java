package io.causalstream.fcm.analysis;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs an FCM forward from an initial state with some concepts clamped (held at their value at every step, the
 * "what if" of a scenario) until it reaches a fixed point, enters a limit cycle, or spends its iteration budget.
 */
public final class Simulation {

    /** Longest limit cycle looked for. */
    static final int MAX_PERIOD = 100;
    /** A continuous limit cycle moves by at least this much within its period (else it is a converging spiral). */
    static final double MIN_CYCLE_AMPLITUDE = 1e-6;

    /**
     * @param initial starting values by concept id; concepts not listed start at {@code defaultInitial}
     * @param clamps concept id -&gt; value held fixed (also the starting value)
     */
    public static SimulationResult run(CognitiveMap map, Map<String, Double> initial, double defaultInitial,
            Map<String, Double> clamps, SimulationSettings settings) {
        List<String> ids = map.concepts().stream().map(Concept::id).toList();
        for (String id : initial.keySet()) {
            requireConcept(ids, id);
        }
        for (String id : clamps.keySet()) {
            requireConcept(ids, id);
        }
        int n = ids.size();
        double[] a = new double[n];
        boolean[] clamped = new boolean[n];
        double[] clampValue = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = initial.getOrDefault(ids.get(i), defaultInitial);
            Double c = clamps.get(ids.get(i));
            if (c != null) {
                clamped[i] = true;
                clampValue[i] = c;
                a[i] = c;
            }
        }
        return run(ids, map.weightMatrix(), a, clamped, clampValue, settings);
    }

    /** On a weight matrix ({@code w[j][i]}: weight of concept j on concept i). */
    public static SimulationResult run(List<String> ids, double[][] w, double[] start, boolean[] clamped,
            double[] clampValue, SimulationSettings settings) {
        int n = start.length;
        List<double[]> trajectory = new ArrayList<>();
        double[] a = start.clone();
        trajectory.add(a);
        double eps = settings.squashing().discrete() ? 0 : settings.epsilon();
        for (int t = 1; t <= settings.maxIterations(); t++) {
            double[] next = new double[n];
            for (int i = 0; i < n; i++) {
                next[i] = clamped[i] ? clampValue[i]
                        : settings.squashing().apply(settings.rule().input(w, a, i));
            }
            trajectory.add(next);
            if (distance(next, a) <= eps) {
                return new SimulationResult(SimulationResult.Outcome.FIXED_POINT, t, 1, ids, trajectory);
            }
            int period = cycle(trajectory, eps);
            if (period > 0) {
                return new SimulationResult(SimulationResult.Outcome.LIMIT_CYCLE, t, period, ids, trajectory);
            }
            a = next;
        }
        return new SimulationResult(SimulationResult.Outcome.NOT_CONVERGED, settings.maxIterations(), 0, ids,
                trajectory);
    }

    /**
     * The smallest period p &gt;= 2 such that the last state repeats the one p steps earlier, and (for continuous
     * functions, where "repeats" means within epsilon) the whole last period repeats the one before it; 0 if none.
     */
    static int cycle(List<double[]> trajectory, double eps) {
        int t = trajectory.size() - 1;
        double[] last = trajectory.get(t);
        int span = eps == 0 ? t : t / 2;
        for (int p = 2; p <= Math.min(span, MAX_PERIOD); p++) {
            if (distance(last, trajectory.get(t - p)) > eps) {
                continue;
            }
            if (eps == 0) {
                return p;
            }
            boolean repeats = true;
            for (int k = 1; k < p && repeats; k++) {
                repeats = distance(trajectory.get(t - k), trajectory.get(t - k - p)) <= eps;
            }
            // a spiral contracting onto a fixed point also "repeats within epsilon" once its radius is a few
            // epsilons (found on the R fcm package's vignette map under Kosko + tanh, PublishedMapTest): a limit
            // cycle must move by more than numerical noise inside its period, else iterating on reaches the fixed
            // point
            if (repeats && amplitude(trajectory, t, p) > Math.max(MIN_CYCLE_AMPLITUDE, 1_000 * eps)) {
                return p;
            }
        }
        return 0;
    }

    /** The largest step between consecutive states of the last {@code p} steps. */
    private static double amplitude(List<double[]> trajectory, int t, int p) {
        double a = 0;
        for (int k = 0; k < p; k++) {
            a = Math.max(a, distance(trajectory.get(t - k), trajectory.get(t - k - 1)));
        }
        return a;
    }

    /** Largest absolute difference between two states. */
    static double distance(double[] x, double[] y) {
        double d = 0;
        for (int i = 0; i < x.length; i++) {
            d = Math.max(d, Math.abs(x[i] - y[i]));
        }
        return d;
    }

    private static void requireConcept(List<String> ids, String id) {
        if (!ids.contains(id)) {
            throw new IllegalArgumentException("the map has no concept '" + id + "'");
        }
    }

    private Simulation() {
    }
}
