package io.causalstream.elo.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything raters said about one item: a passage and an unordered pair of its annotations. A result is the
 * winning annotationId or {@link #TIE}, so it does not depend on which side each annotation was shown.
 *
 * @param results raterId -> that rater's results for the item, in the order they were counted
 */
public record ItemVotes(Map<String, List<String>> results) {

    public static final String TIE = "TIE";

    public ItemVotes {
        TreeMap<String, List<String>> copy = new TreeMap<>();
        results.forEach((rater, list) -> copy.put(rater, List.copyOf(list)));
        results = copy;
    }

    public static ItemVotes empty() {
        return new ItemVotes(Map.of());
    }

    /** These votes and one more. */
    public ItemVotes with(String raterId, String result) {
        TreeMap<String, List<String>> next = new TreeMap<>(results);
        List<String> list = new ArrayList<>(next.getOrDefault(raterId, List.of()));
        list.add(result);
        next.put(raterId, list);
        return new ItemVotes(next);
    }

    /** Whether {@code raterId} judged this item before. */
    public boolean judgedBy(String raterId) {
        return results.containsKey(raterId);
    }
}
