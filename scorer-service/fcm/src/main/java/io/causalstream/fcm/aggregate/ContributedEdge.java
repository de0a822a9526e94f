package io.causalstream.fcm.aggregate;

import io.causalstream.fcm.model.Span;
import io.causalstream.fcm.model.Validation;
import java.util.List;

/**
 * One edge of a passage's annotation as the aggregation sees it.
 *
 * @param sign +1 (INCREASE) or -1 (DECREASE)
 * @param strength CESAR strength in [0, 1], or null when not computed
 */
public record ContributedEdge(String source, String target, int sign, Double strength, Validation validation,
        List<Span> evidence) {

    public ContributedEdge {
        if (sign != 1 && sign != -1) {
            throw new IllegalArgumentException("sign must be +1 or -1: " + sign);
        }
        validation = validation == null ? Validation.UNCHECKED : validation;
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }
}
