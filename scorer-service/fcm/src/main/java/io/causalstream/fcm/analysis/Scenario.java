package io.causalstream.fcm.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import io.causalstream.fcm.model.CognitiveMap;

/**
 * A "what if": the map run with some concepts clamped, compared with the same map run without them from the same
 * start (Mental Modeler's scenario analysis: the change of each concept's final value against the baseline).
 */
public record Scenario(SimulationResult baseline, SimulationResult scenario, Map<String, Double> change) {

    public static Scenario run(CognitiveMap map, Map<String, Double> initial, double defaultInitial,
            Map<String, Double> clamps, SimulationSettings settings) {
        SimulationResult base = Simulation.run(map, initial, defaultInitial, Map.of(), settings);
        SimulationResult what = Simulation.run(map, initial, defaultInitial, clamps, settings);
        Map<String, Double> change = new LinkedHashMap<>();
        double[] b = base.last();
        double[] s = what.last();
        for (int i = 0; i < b.length; i++) {
            change.put(base.concepts().get(i), s[i] - b[i]);
        }
        return new Scenario(base, what, change);
    }
}
