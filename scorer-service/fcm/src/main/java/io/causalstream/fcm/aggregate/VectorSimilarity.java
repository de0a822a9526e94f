package io.causalstream.fcm.aggregate;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Cosine similarity of label vectors from any encoder (e.g. the bundled MiniLM's mean-pooled sentence vectors),
 * each label encoded once and cached, so the core stays free of the encoder. Not thread-safe (one per stream task
 * or CLI run); the encoder behind {@code vectors} may be shared.
 */
public final class VectorSimilarity implements ConceptSimilarity {

    /** Labels whose vectors are kept; past it the cache is cleared (labels are encoded again, same result). */
    static final int MAX_CACHED = 200_000;

    private final String name;
    private final Function<String, float[]> vectors;
    private final Map<String, float[]> cache = new HashMap<>();

    public VectorSimilarity(String name, Function<String, float[]> vectors) {
        this.name = name;
        this.vectors = vectors;
    }

    @Override
    public double similarity(String a, String b) {
        return cosine(vector(a), vector(b));
    }

    private float[] vector(String label) {
        float[] v = cache.get(label);
        if (v == null) {
            if (cache.size() >= MAX_CACHED) {
                cache.clear();
            }
            v = vectors.apply(label);
            cache.put(label, v);
        }
        return v;
    }

    /**
     * Cosine of two vectors of the same length; 0 when either is zero. The arithmetic of {@code encoder.Vectors},
     * written here because this module stays free of the encoder library (DJL, ONNX Runtime) that holds it.
     */
    static double cosine(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vectors of length " + a.length + " and " + b.length);
        }
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }

    @Override
    public String name() {
        return name;
    }
}
