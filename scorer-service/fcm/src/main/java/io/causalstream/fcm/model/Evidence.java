package io.causalstream.fcm.model;

import java.util.List;

/**
 * One annotation's support for an edge of a collective map: where it comes from (passage, annotation, annotator),
 * what the annotation said (its own wording of source and target, the sign, CESAR strength, validation state) and
 * the passage spans that support it.
 *
 * @param sign +1 (INCREASE) or -1 (DECREASE)
 * @param strength CESAR strength, null when it was not computed
 */
public record Evidence(String passageId, String annotationId, String annotatorId, String annotatorKind,
        String sourceText, String targetText, int sign, Double strength, Validation validation, List<Span> spans) {

    public Evidence {
        if (sign != 1 && sign != -1) {
            throw new IllegalArgumentException("sign must be +1 or -1: " + sign);
        }
        spans = spans == null ? List.of() : List.copyOf(spans);
    }
}
