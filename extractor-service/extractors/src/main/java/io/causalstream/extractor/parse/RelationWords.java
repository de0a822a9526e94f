package io.causalstream.extractor.parse;

import io.causalstream.schemas.graph.Direction;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The words models and people write for a polarity: Positive/Negative (the paper's prompts), increase/decrease (the
 * annotation tool), and their variants, in any case and with stray punctuation ("positive." "**Negative**").
 */
public final class RelationWords {

    private static final Map<String, Direction> WORDS = Map.ofEntries(
            Map.entry("positive", Direction.INCREASE), Map.entry("pos", Direction.INCREASE),
            Map.entry("increase", Direction.INCREASE), Map.entry("increases", Direction.INCREASE),
            Map.entry("increasing", Direction.INCREASE), Map.entry("increased", Direction.INCREASE),
            Map.entry("+", Direction.INCREASE), Map.entry("positively", Direction.INCREASE),
            Map.entry("negative", Direction.DECREASE), Map.entry("neg", Direction.DECREASE),
            Map.entry("decrease", Direction.DECREASE), Map.entry("decreases", Direction.DECREASE),
            Map.entry("decreasing", Direction.DECREASE), Map.entry("decreased", Direction.DECREASE),
            Map.entry("-", Direction.DECREASE), Map.entry("−", Direction.DECREASE),
            Map.entry("negatively", Direction.DECREASE));

    /** The direction a whole field names, or empty when the field is anything else. */
    public static Optional<Direction> direction(String field) {
        if (field == null) {
            return Optional.empty();
        }
        String w = field.strip().toLowerCase(Locale.ROOT);
        if (!w.equals("+") && !w.equals("-") && !w.equals("−")) {
            w = w.replaceAll("^[\\p{Punct}\\s]+|[\\p{Punct}\\s]+$", "");
        }
        return Optional.ofNullable(WORDS.get(w));
    }

    /** The direction named by the first word of a field ("positive. Note: ..."), or empty. */
    static Optional<Direction> leadingDirection(String field) {
        String s = field.strip();
        int end = 0;
        while (end < s.length() && !Character.isWhitespace(s.charAt(end))) {
            end++;
        }
        return direction(s.substring(0, end));
    }

    private RelationWords() {
    }
}
