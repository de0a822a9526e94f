package io.causalstream.fcm.analysis;

/**
 * How the next state is computed from the current one, with f the {@link Squashing} and w_ji the weight of
 * concept j on concept i (self-loops excluded: maps have none):
 * <ul>
 *   <li>KOSKO (Kosko 1986): A_i(t+1) = f( Σ_j w_ji A_j(t) )</li>
 *   <li>MODIFIED_KOSKO (Stylios and Groumpos 2004; each concept keeps its memory):
 *       A_i(t+1) = f( A_i(t) + Σ_j w_ji A_j(t) )</li>
 *   <li>RESCALED (Papageorgiou 2011; for sigmoid maps, so an inactive concept, 0, pushes as -1):
 *       A_i(t+1) = f( (2A_i(t) - 1) + Σ_j w_ji (2A_j(t) - 1) )</li>
 * </ul>
 */
public enum UpdateRule {
    KOSKO, MODIFIED_KOSKO, RESCALED;

    /** The argument of f for concept i. */
    double input(double[][] w, double[] a, int i) {
        double sum = 0;
        switch (this) {
            case KOSKO -> {
                for (int j = 0; j < a.length; j++) {
                    if (j != i) {
                        sum += w[j][i] * a[j];
                    }
                }
            }
            case MODIFIED_KOSKO -> {
                sum = a[i];
                for (int j = 0; j < a.length; j++) {
                    if (j != i) {
                        sum += w[j][i] * a[j];
                    }
                }
            }
            case RESCALED -> {
                sum = 2 * a[i] - 1;
                for (int j = 0; j < a.length; j++) {
                    if (j != i) {
                        sum += w[j][i] * (2 * a[j] - 1);
                    }
                }
            }
        }
        return sum;
    }
}
