package io.causalstream.scorer.gold;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.measures.Edge;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether replacing one effective gold by another changes any score: a different annotation, origin or edge set
 * does; a new {@code updatedAt}, other evidence spans or confidences, or a reordering of the same edges does not,
 * so a re-published identical gold does not re-score the whole passage.
 */
public final class GoldChanges {

    public static boolean changesScores(GoldGraph before, GoldGraph after) {
        if (before == null || after == null) {
            return before != after;
        }
        return !before.getAnnotationId().equals(after.getAnnotationId())
                || before.getOrigin() != after.getOrigin()
                || !edges(before).equals(edges(after));
    }

    private static Set<Edge> edges(GoldGraph gold) {
        return gold.getTriples().stream().map(Edge::of).collect(Collectors.toSet());
    }

    private GoldChanges() {
    }
}
