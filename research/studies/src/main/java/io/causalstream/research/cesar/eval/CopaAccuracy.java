package io.causalstream.research.cesar.eval;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Table 4 of the delta-CAUSAL paper: COPA questions as (true pair, false pair) with the same id; a metric is right
 * on a question when it scores the true pair (label 1) strictly above the false one (label 0).
 */
public record CopaAccuracy(String metric, int questions, double accuracy) {

    /** One scored COPA row. */
    public record Row(String id, boolean label, double score) {
    }

    public static CopaAccuracy of(String metric, List<Row> rows) {
        Map<String, double[]> byId = new LinkedHashMap<>();
        for (Row row : rows) {
            double[] pair = byId.computeIfAbsent(row.id(), id -> new double[] {Double.NaN, Double.NaN});
            int slot = row.label() ? 1 : 0;
            if (!Double.isNaN(pair[slot])) {
                throw new IllegalArgumentException("COPA id " + row.id() + " has two rows with label " + row.label());
            }
            pair[slot] = row.score();
        }
        int right = 0;
        for (Map.Entry<String, double[]> e : byId.entrySet()) {
            double[] pair = e.getValue();
            if (Double.isNaN(pair[0]) || Double.isNaN(pair[1])) {
                throw new IllegalArgumentException("COPA id " + e.getKey() + " lacks its true or false pair");
            }
            if (pair[1] > pair[0]) {
                right++;
            }
        }
        return new CopaAccuracy(metric, byId.size(), right / (double) byId.size());
    }

    @Override
    public String toString() {
        return String.format("%-28s questions %4d  accuracy %5.1f", metric, questions, 100 * accuracy);
    }
}
