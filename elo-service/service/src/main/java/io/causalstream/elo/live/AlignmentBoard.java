package io.causalstream.elo.live;

import io.causalstream.schemas.alignment.MeasureAlignment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The dashboard's view of {@code measure-alignment} (key {@code scope|measure}): the latest record of each key, and
 * per measure one row with the ALL figure (mean &rho; over passages and its interval) and each passage's &rho;.
 * Rows are ordered by the ALL mean, best first; measures without an ALL record yet come last.
 */
public final class AlignmentBoard {

    /** One measure: the ALL figure (null fields until it exists) and the per-passage values. */
    public record Row(String measure, Double spearman, Double ciLow, Double ciHigh, Double ciLevel, int passages,
                      int n, Map<String, Double> perPassage) {
    }

    private static final String ALL = "ALL";

    private final Map<String, MeasureAlignment> all = new TreeMap<>();
    private final Map<String, Map<String, MeasureAlignment>> perPassage = new TreeMap<>();

    /** Takes one record of the topic; a tombstone (null value) forgets its key. */
    public synchronized void take(String key, MeasureAlignment value) {
        int bar = key == null ? -1 : key.indexOf('|');
        if (bar < 0) {
            return;
        }
        String scope = key.substring(0, bar);
        String measure = key.substring(bar + 1);
        if (ALL.equals(scope)) {
            if (value == null) {
                all.remove(measure);
            } else {
                all.put(measure, value);
            }
        } else if (value == null) {
            Map<String, MeasureAlignment> m = perPassage.get(measure);
            if (m != null) {
                m.remove(scope);
            }
        } else {
            perPassage.computeIfAbsent(measure, k -> new TreeMap<>()).put(scope, value);
        }
    }

    public synchronized List<Row> rows() {
        TreeMap<String, Row> rows = new TreeMap<>();
        java.util.Set<String> measures = new java.util.TreeSet<>(all.keySet());
        measures.addAll(perPassage.keySet());
        for (String measure : measures) {
            Map<String, Double> values = new TreeMap<>();
            perPassage.getOrDefault(measure, Map.of()).forEach((p, a) -> values.put(p, a.getSpearman()));
            MeasureAlignment a = all.get(measure);
            rows.put(measure, a == null
                    ? new Row(measure, null, null, null, null, 0, 0, values)
                    : new Row(measure, a.getSpearman(), a.getCiLow(), a.getCiHigh(), a.getCiLevel(), a.getPassages(),
                    a.getN(), values));
        }
        List<Row> out = new ArrayList<>(rows.values());
        out.sort(Comparator.comparing((Row r) -> r.spearman() == null)
                .thenComparing(r -> r.spearman() == null ? 0.0 : -r.spearman())
                .thenComparing(Row::measure));
        return out;
    }
}
