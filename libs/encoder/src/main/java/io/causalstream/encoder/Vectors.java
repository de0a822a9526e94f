package io.causalstream.encoder;

/** Cosine arithmetic on embeddings, in double precision. */
public final class Vectors {

    public static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int k = 0; k < a.length; k++) {
            dot += (double) a[k] * b[k];
            na += (double) a[k] * a[k];
            nb += (double) b[k] * b[k];
        }
        if (na == 0 || nb == 0) {
            return 0;
        }
        return dot / Math.sqrt(na * nb);
    }

    public static double clamp01(double x) {
        return Math.max(0, Math.min(1, x));
    }

    private Vectors() {
    }
}
