package io.causalstream.scorer.agreement;

import io.causalstream.measures.agreement.Spearman;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One passage's agreement between the human ranking and each measure's ranking, as the paper's Table 3 computes
 * it per passage: the annotations other than the gold are ranked by their human Elo rating and by the measure's
 * F1 against the gold, and the two rankings are compared with Spearman's &rho; (average ranks for ties). A
 * constant ranking (every annotation rated or scored alike) has no correlation; it counts as 0, as in the
 * authors' notebook and the {@code study} command.
 *
 * <p>Only annotations that have both a rating and a score for the measure are ranked; a measure with fewer than
 * two of them gives no value.
 */
public final class PassageAgreement {

    /** One measure's agreement on one passage: {@code measure} is {@link #measureKey}, n the annotations ranked. */
    public record Value(String measure, String name, double threshold, double spearman, int n) {
    }

    /** One measure score of one annotation: the measure's name, its threshold and the F1. */
    public record Score(String name, double threshold, double f1) {

        String key() {
            return measureKey(name, threshold);
        }
    }

    /**
     * Every measure's agreement, in measure key order.
     *
     * @param humanRating annotationId -&gt; Elo rating (the tournament's players)
     * @param scores      annotationId -&gt; the annotation's scores against the gold; the gold itself must not be in
     *                    it (it is not ranked against itself)
     */
    public static List<Value> of(Map<String, Double> humanRating, Map<String, List<Score>> scores) {
        Map<String, List<double[]>> pairs = new TreeMap<>();
        Map<String, Score> measures = new TreeMap<>();
        for (String annotation : new TreeSet<>(scores.keySet())) {
            Double rating = humanRating.get(annotation);
            if (rating == null) {
                continue;
            }
            for (Score s : scores.get(annotation)) {
                pairs.computeIfAbsent(s.key(), k -> new ArrayList<>()).add(new double[] {rating, s.f1()});
                measures.putIfAbsent(s.key(), s);
            }
        }
        List<Value> out = new ArrayList<>();
        pairs.forEach((key, list) -> {
            if (list.size() < 2) {
                return;
            }
            double[] human = new double[list.size()];
            double[] measure = new double[list.size()];
            for (int i = 0; i < list.size(); i++) {
                human[i] = list.get(i)[0];
                measure[i] = list.get(i)[1];
            }
            Score s = measures.get(key);
            out.add(new Value(key, s.name(), s.threshold(), spearmanOrZero(human, measure), list.size()));
        });
        return out;
    }

    /** Spearman's &rho;, 0 when either ranking is constant (no correlation defined). */
    public static double spearmanOrZero(double[] x, double[] y) {
        double rho = Spearman.correlation(x, y);
        return Double.isNaN(rho) ? 0.0 : rho;
    }

    /** {@code name@threshold} with the threshold's shortest decimal form: {@code meteor@0.55}, {@code exact@1}. */
    public static String measureKey(String name, double threshold) {
        return name + "@" + BigDecimal.valueOf(threshold).stripTrailingZeros().toPlainString();
    }

    private PassageAgreement() {
    }
}
