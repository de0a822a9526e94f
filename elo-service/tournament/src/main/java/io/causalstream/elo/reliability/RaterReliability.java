package io.causalstream.elo.reliability;

import io.causalstream.schemas.judgment.Outcome;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reliability of a set of judgments held in memory (files, tests, tools): groups them into items and tallies
 * them. The service keeps {@link ItemVotes} in a state store instead and tallies per instance.
 */
public final class RaterReliability {

    private final Map<String, ItemVotes> items = new LinkedHashMap<>();

    /** Adds one judgment. */
    public RaterReliability add(String raterId, String passageId, String left, String right, Outcome outcome) {
        items.merge(itemKey(passageId, left, right), ItemVotes.empty().with(raterId, result(left, right, outcome)),
                (old, one) -> old.with(raterId, one.results().get(raterId).get(0)));
        return this;
    }

    public ReliabilityReport report() {
        ReliabilityTally tally = new ReliabilityTally();
        items.values().forEach(tally::add);
        return tally.report();
    }

    /** The item key: passage and the two annotations in sorted order, NUL-separated. */
    public static String itemKey(String passageId, String left, String right) {
        return left.compareTo(right) < 0 ? passageId + '\u0000' + left + '\u0000' + right
                : passageId + '\u0000' + right + '\u0000' + left;
    }

    /** What a judgment says about its item, independent of sides: the winner's annotationId or TIE. */
    public static String result(String left, String right, Outcome outcome) {
        return switch (outcome) {
            case LEFT -> left;
            case RIGHT -> right;
            case TIE -> ItemVotes.TIE;
        };
    }
}
