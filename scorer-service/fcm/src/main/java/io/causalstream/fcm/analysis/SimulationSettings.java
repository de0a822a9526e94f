package io.causalstream.fcm.analysis;

/**
 * @param rule the update rule
 * @param squashing the transfer function
 * @param maxIterations at most this many updates
 * @param epsilon a fixed point is reached when no concept moves by more than this in one update; a limit cycle when
 *     a state comes back within this of a state seen before (exactly, for bivalent and trivalent maps)
 */
public record SimulationSettings(UpdateRule rule, Squashing squashing, int maxIterations, double epsilon) {

    public static final SimulationSettings DEFAULT =
            new SimulationSettings(UpdateRule.KOSKO, Squashing.sigmoid(1), 100, 1e-5);

    public SimulationSettings {
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be >= 1");
        }
        if (!(epsilon > 0)) {
            throw new IllegalArgumentException("epsilon must be > 0");
        }
    }
}
