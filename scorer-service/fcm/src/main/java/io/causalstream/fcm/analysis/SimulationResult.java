package io.causalstream.fcm.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a simulation ended.
 *
 * @param outcome FIXED_POINT, LIMIT_CYCLE, or NOT_CONVERGED within the iteration budget (chaotic or slow)
 * @param iterations updates computed
 * @param period the cycle length for a LIMIT_CYCLE (states t and t - period coincide), 1 for a fixed point, 0 when
 *     not converged
 * @param concepts concept ids, the order of every state vector
 * @param trajectory the states from t = 0 to t = iterations
 */
public record SimulationResult(Outcome outcome, int iterations, int period, List<String> concepts,
        List<double[]> trajectory) {

    public enum Outcome { FIXED_POINT, LIMIT_CYCLE, NOT_CONVERGED }

    public double[] last() {
        return trajectory.getLast();
    }

    /** The final state by concept id. */
    public Map<String, Double> finalState() {
        return state(last());
    }

    /** For a limit cycle: its states, in order; for a fixed point: the one state. */
    public List<Map<String, Double>> attractor() {
        int p = Math.max(period, 1);
        return trajectory.subList(trajectory.size() - p, trajectory.size()).stream().map(this::state).toList();
    }

    /** The value of a concept in the final state. */
    public double value(String concept) {
        int i = concepts.indexOf(concept);
        if (i < 0) {
            throw new IllegalArgumentException("no concept " + concept);
        }
        return last()[i];
    }

    private Map<String, Double> state(double[] s) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < concepts.size(); i++) {
            out.put(concepts.get(i), s[i]);
        }
        return out;
    }
}
