package io.causalstream.research.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How people ranked the annotations of each passage: a score per annotator (higher = better), the annotation
 * taken as gold (the paper's "winning annotation of each tournament", section 3.4) and the leader left out of the
 * correlation. The published Elo table is one ({@link EloRankings}); a replay of the judgments in another order,
 * with another tie rule, or a Bradley-Terry fit gives others ({@link #of}).
 *
 * <p>Passage indexes are 0-based rows: passage {@code p} is the released passage number {@code p + 1}.
 */
public interface HumanRanking {

    /** Short label for tables, e.g. {@code elo-published}, {@code bt-half}. */
    String name();

    int passages();

    /** The human score of {@code annotator} in passage {@code p}. */
    double score(int p, String annotator);

    /** The annotator whose annotation is the gold of passage {@code p}. */
    String winner(int p);

    /** The annotator left out of the correlation of passage {@code p} (the best-scored one). */
    String leader(int p);

    /**
     * A ranking from per-passage score maps: winner = leader = the highest score, equal scores broken by the
     * smaller annotator id (the tournament table's rule).
     */
    static HumanRanking of(String name, List<Map<String, Double>> scores) {
        List<Map<String, Double>> copy = new ArrayList<>();
        List<String> leaders = new ArrayList<>();
        for (Map<String, Double> m : scores) {
            if (m.isEmpty()) {
                throw new IllegalArgumentException(name + ": a passage without scores");
            }
            TreeMap<String, Double> sorted = new TreeMap<>(m);
            String best = null;
            for (Map.Entry<String, Double> e : sorted.entrySet()) {
                if (best == null || e.getValue() > sorted.get(best)) {
                    best = e.getKey();
                }
            }
            copy.add(sorted);
            leaders.add(best);
        }
        List<Map<String, Double>> frozen = List.copyOf(copy);
        List<String> frozenLeaders = List.copyOf(leaders);
        return new HumanRanking() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public int passages() {
                return frozen.size();
            }

            @Override
            public double score(int p, String annotator) {
                Double s = frozen.get(p).get(annotator);
                if (s == null) {
                    throw new IllegalArgumentException(name + ": no score for " + annotator + " in passage "
                            + (p + 1));
                }
                return s;
            }

            @Override
            public String winner(int p) {
                return frozenLeaders.get(p);
            }

            @Override
            public String leader(int p) {
                return frozenLeaders.get(p);
            }
        };
    }
}
