package io.causalstream.measures;

import java.util.List;
import java.util.Objects;

/**
 * The symmetric kernel of the paper's section 5, {@code K(G1, G2) = (f(G1, G2) + f(G2, G1)) / 2}, where f is an
 * edge-set soft F1 with G1 as the prediction and G2 as the gold. Soft F1 is not symmetric when the similarity is
 * not (BLEU, METEOR) and because the matching is one-to-one; the kernel is, so it can compare two annotations
 * neither of which is the gold (e.g. two annotators, or a graph with itself: K = 1 for any non-empty graph under a
 * similarity that scores equal labels at or above T).
 */
public final class SoftF1Kernel {

    /** Which F1 of {@link EdgeSetScore} the kernel averages. */
    public enum Variant {
        /** Formula (1), partial positives counted. */
        F1,
        /** E*, partial positives counted as errors. */
        STRICT
    }

    private final EdgeSetMeasure measure;
    private final Variant variant;

    public SoftF1Kernel(EdgeSetMeasure measure, Variant variant) {
        this.measure = Objects.requireNonNull(measure, "measure");
        this.variant = Objects.requireNonNull(variant, "variant");
    }

    public double k(List<Edge> g1, List<Edge> g2) {
        return (f(measure.score(g1, g2)) + f(measure.score(g2, g1))) / 2.0;
    }

    private double f(EdgeSetScore s) {
        return variant == Variant.F1 ? s.f1() : s.f1Strict();
    }
}
