package io.causalstream.elo.reliability;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts behind the inter- and intra-rater reliability of the paper's appendix H.1, kept as plain sums so that
 * tallies of different items (e.g. of the partitions several instances own) add up to the tally of all of them.
 *
 * <ul>
 *   <li>Inter-rater: an item judged by two or more raters counts once, under (raters, agreeing): how many raters
 *       judged it and how many of them gave the most common result (each rater's first result).</li>
 *   <li>Intra-rater: a rater who judged an item more than once is self-consistent on it when all their results
 *       for it are equal.</li>
 * </ul>
 */
public final class ReliabilityTally {

    /** "raters/agreeing" -> items; e.g. "7/5": seven raters judged the item and five gave the same result. */
    private final TreeMap<String, Long> agreement = new TreeMap<>();
    /** raterId -> {items judged more than once, of which self-consistent}. */
    private final TreeMap<String, long[]> repeats = new TreeMap<>();

    public void add(ItemVotes item) {
        Map<String, Integer> firsts = new HashMap<>();
        item.results().forEach((rater, results) -> {
            firsts.merge(results.get(0), 1, Integer::sum);
            if (results.size() > 1) {
                long[] r = repeats.computeIfAbsent(rater, k -> new long[2]);
                r[0]++;
                if (results.stream().distinct().count() == 1) {
                    r[1]++;
                }
            }
        });
        int raters = item.results().size();
        if (raters >= 2) {
            int agreeing = firsts.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
            agreement.merge(raters + "/" + agreeing, 1L, Long::sum);
        }
    }

    public ReliabilityTally merge(ReliabilityTally other) {
        other.agreement.forEach((k, v) -> agreement.merge(k, v, Long::sum));
        other.repeats.forEach((k, v) -> {
            long[] r = repeats.computeIfAbsent(k, x -> new long[2]);
            r[0] += v[0];
            r[1] += v[1];
        });
        return this;
    }

    /** The tally as plain data (JSON between instances). */
    public Counts counts() {
        Map<String, List<Long>> r = new TreeMap<>();
        repeats.forEach((k, v) -> r.put(k, List.of(v[0], v[1])));
        return new Counts(new TreeMap<>(agreement), r);
    }

    public static ReliabilityTally of(Counts counts) {
        ReliabilityTally t = new ReliabilityTally();
        t.agreement.putAll(counts.agreement());
        counts.repeats().forEach((k, v) -> t.repeats.put(k, new long[] {v.get(0), v.get(1)}));
        return t;
    }

    /** Shares computed from the counts. */
    public ReliabilityReport report() {
        long items = agreement.values().stream().mapToLong(Long::longValue).sum();
        List<ReliabilityReport.Agreement> rows = new ArrayList<>();
        agreement.forEach((key, n) -> {
            int slash = key.indexOf('/');
            int raters = Integer.parseInt(key.substring(0, slash));
            int agreeing = Integer.parseInt(key.substring(slash + 1));
            rows.add(new ReliabilityReport.Agreement(raters, agreeing, (double) agreeing / raters, n,
                    (double) n / items));
        });
        rows.sort((x, y) -> x.raters() != y.raters() ? Integer.compare(x.raters(), y.raters())
                : Integer.compare(x.agreeing(), y.agreeing()));
        List<ReliabilityReport.SelfConsistency> raters = new ArrayList<>();
        long repeated = 0;
        long consistent = 0;
        for (Map.Entry<String, long[]> e : repeats.entrySet()) {
            long[] v = e.getValue();
            raters.add(new ReliabilityReport.SelfConsistency(e.getKey(), v[0], v[1], (double) v[1] / v[0]));
            repeated += v[0];
            consistent += v[1];
        }
        return new ReliabilityReport(items, rows, raters, repeated, consistent,
                repeated == 0 ? null : (double) consistent / repeated);
    }

    /** Serializable form of a tally. */
    public record Counts(Map<String, Long> agreement, Map<String, List<Long>> repeats) {
    }
}
