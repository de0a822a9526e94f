package io.causalstream.measures;

import io.causalstream.schemas.graph.Direction;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Direction words of raw input (files, model output, the authors' annotations) to {@link Direction}, in any case
 * and with surrounding whitespace ignored: increase, increases, increased, increasing, positive, +, up give
 * INCREASE; decrease, decreases, decreased, decreasing, negative, -, − (U+2212), down give DECREASE. Anything else is
 * unknown (empty): the soft F1 keeps such an edge with an unknown direction (see {@link Edge}).
 */
public final class DirectionWords {

    private static final Map<String, Direction> WORDS = Map.ofEntries(
            Map.entry("increase", Direction.INCREASE), Map.entry("increases", Direction.INCREASE),
            Map.entry("increased", Direction.INCREASE), Map.entry("increasing", Direction.INCREASE),
            Map.entry("positive", Direction.INCREASE), Map.entry("+", Direction.INCREASE),
            Map.entry("up", Direction.INCREASE),
            Map.entry("decrease", Direction.DECREASE), Map.entry("decreases", Direction.DECREASE),
            Map.entry("decreased", Direction.DECREASE), Map.entry("decreasing", Direction.DECREASE),
            Map.entry("negative", Direction.DECREASE), Map.entry("-", Direction.DECREASE),
            Map.entry("\u2212", Direction.DECREASE), Map.entry("down", Direction.DECREASE));

    public static Optional<Direction> parse(String word) {
        if (word == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(WORDS.get(word.strip().toLowerCase(Locale.ROOT)));
    }

    private DirectionWords() {
    }
}
