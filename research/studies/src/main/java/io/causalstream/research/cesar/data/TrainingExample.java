package io.causalstream.research.cesar.data;

/**
 * One regression target of CESAR training: CS(cause -> effect) should be {@code strength}. A cause carrying
 * supplementary information is already concatenated as "C [SEP] A".
 */
public record TrainingExample(String cause, String effect, double strength, Kind kind) {

    /** Where an example comes from, with its target strength. */
    public enum Kind {
        /** e-CARE true cause-effect pair: 0.7. */
        ECARE_TRUE(0.7),
        /** e-CARE pair with the wrong hypothesis: 0.0. */
        ECARE_FALSE(0.0),
        /** e-CARE cause [SEP] conceptual explanation -> effect: 1.0. */
        ECARE_EXPLAINED(1.0),
        /** delta-CAUSAL train cause [SEP] supporter -> effect: 1.0. */
        DELTA_SUPPORTER(1.0),
        /** delta-CAUSAL train cause [SEP] defeater -> effect: 0.2. */
        DELTA_DEFEATER(0.2),
        /** delta-CAUSAL train cause -> effect (an optional anchor between supporter and defeater): 0.7. */
        DELTA_BASE(0.7);

        private final double target;

        Kind(double target) {
            this.target = target;
        }

        public double target() {
            return target;
        }
    }

    public static TrainingExample of(String cause, String effect, Kind kind) {
        return new TrainingExample(cause, effect, kind.target(), kind);
    }
}
