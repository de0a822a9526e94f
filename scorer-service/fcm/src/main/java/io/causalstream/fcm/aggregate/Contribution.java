package io.causalstream.fcm.aggregate;

import java.util.List;

/**
 * What one annotation of one passage contributes to a collective map: its scored graph's edges. A contribution
 * replaces the earlier one with the same {@link #key()} (the same annotator on the same passage): a re-score (same
 * annotation, new gold) or a new extraction by that annotator counts once, never twice.
 *
 * @param annotatorKind HUMAN, MODEL or RULES
 */
public record Contribution(String passageId, String annotationId, String annotatorId, String annotatorKind,
        List<ContributedEdge> edges) {

    public Contribution {
        if (passageId == null || annotatorId == null) {
            throw new IllegalArgumentException("a contribution needs a passage and an annotator");
        }
        annotationId = annotationId == null ? annotatorId : annotationId;
        annotatorKind = annotatorKind == null ? "MODEL" : annotatorKind;
        edges = edges == null ? List.of() : List.copyOf(edges);
    }

    /** Identity of a contribution: the passage and the annotator. */
    public String key() {
        return key(passageId, annotatorId);
    }

    public static String key(String passageId, String annotatorId) {
        return passageId + "\u0000" + annotatorId;
    }
}
