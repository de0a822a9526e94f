package io.causalstream.cesar;

import java.util.Random;

/** Seeded random heads and arrays for the tests that hold a fast CESAR head to the reference {@link CesarStrength}. */
final class RandomHeads {

    /** A head with a context layer (4 heads, feed-forward {@code hidden}) and a projection, dimension {@code d}. */
    static CesarHead withContextAndProjection(Random random, int d, int hidden) {
        ContextLayer context = new ContextLayer(4, vector(random, d, 1, 0.1f), vector(random, d, 0, 0.1f),
                matrix(random, d, d, 0.3f), matrix(random, d, d, 0.3f), matrix(random, d, d, 0.3f),
                matrix(random, d, d, 0.3f), vector(random, d, 0, 0.1f), vector(random, d, 1, 0.1f),
                vector(random, d, 0, 0.1f), matrix(random, d, hidden, 0.3f), vector(random, hidden, 0, 0.1f),
                matrix(random, hidden, d, 0.3f), vector(random, d, 0, 0.1f));
        return new CesarHead("random", context, matrix(random, d, d, 0.2f), vector(random, d, 0, 0.1f),
                matrix(random, d, d, 0.4f), matrix(random, d, d, 0.4f), "");
    }

    /** Wq and Wk only, dimension {@code d}. */
    static CesarHead plain(Random random, int d) {
        return CesarHead.withoutProjection("plain", matrix(random, d, d, 0.5f), matrix(random, d, d, 0.5f));
    }

    static float[][] matrix(Random random, int rows, int cols, float scale) {
        float[][] m = new float[rows][];
        for (int r = 0; r < rows; r++) {
            m[r] = vector(random, cols, 0, scale);
        }
        return m;
    }

    static float[] vector(Random random, int n, float mean, float scale) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = mean + scale * (float) random.nextGaussian();
        }
        return v;
    }

    private RandomHeads() {
    }
}
