package io.causalstream.research.study;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The threshold choice of the paper (appendix D.3): the threshold whose measure agrees best with the human
 * ranking (highest {@link EloStudy} mean); on ties the first candidate wins, as in the notebook's loop.
 */
public final class ThresholdSearch {

    /** The best threshold, its study result, and the mean of every candidate in order. */
    public record Best(double threshold, EloStudy.Result result, double[] means) {
    }

    /** The candidate thresholds of the notebook's grid (its seven threshold sets, per measure). */
    public static final List<Double> NOTEBOOK_BLEU = List.of(0.005, 0.01, 0.02, 0.07, 0.07, 0.2, 0.2);
    public static final List<Double> NOTEBOOK_METEOR = List.of(0.005, 0.01, 0.1, 0.25, 0.4, 0.5, 0.5);
    public static final List<Double> NOTEBOOK_ROUGE = List.of(0.1, 0.1, 0.1, 0.3, 0.5, 0.75, 0.75);
    public static final List<Double> NOTEBOOK_VERBATIM = List.of(0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5);

    public static Best search(EloStudy study, DoubleFunction<StudyMeasure> measureAt, List<Double> candidates) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no candidate thresholds");
        }
        double[] means = new double[candidates.size()];
        Best best = null;
        for (int i = 0; i < candidates.size(); i++) {
            double t = candidates.get(i);
            EloStudy.Result r = study.run(measureAt.apply(t));
            means[i] = r.mean();
            if (best == null || r.mean() > best.result().mean()) {
                best = new Best(t, r, null);
            }
        }
        return new Best(best.threshold(), best.result(), means);
    }

    /** Evenly spaced candidates from {@code from} to {@code to} inclusive, rounded to 1e-9 (no drift). */
    public static List<Double> grid(double from, double to, double step) {
        int n = (int) Math.floor((to - from) / step + 1e-9) + 1;
        List<Double> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(Math.round((from + i * step) * 1e9) / 1e9);
        }
        return out;
    }

    private ThresholdSearch() {
    }
}
