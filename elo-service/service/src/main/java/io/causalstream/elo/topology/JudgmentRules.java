package io.causalstream.elo.topology;

import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.elo.topology.JudgmentListener.Reason;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.judgment.Judgment;

/**
 * The rules a judgment must follow before it may touch a tournament. Each broken rule is an
 * {@link InvalidRecordException} whose code is the {@link Reason}'s name (for metrics) and whose message becomes the
 * dead-letter reason, so it names the judgment and the rule.
 */
final class JudgmentRules {

    /** Checks that need nothing but the record: ids present, keyed by its passage, two different annotations. */
    static void requireWellFormed(String key, Judgment judgment) {
        if (judgment == null) {
            throw rejected(Reason.MALFORMED, "empty judgment record (null value) with key '" + key + "'");
        }
        String id = judgment.getJudgmentId();
        requireId(id, "judgmentId", id);
        requireId(judgment.getPassageId(), "passageId", id);
        requireId(judgment.getRaterId(), "raterId", id);
        requireId(judgment.getLeft(), "left", id);
        requireId(judgment.getRight(), "right", id);
        if (!judgment.getPassageId().equals(key)) {
            throw rejected(Reason.KEY_MISMATCH, "judgment " + id + ": record key '" + key
                    + "' is not its passageId '"
                    + judgment.getPassageId() + "' (judgments are keyed by passageId so they meet the passage's "
                    + "annotations and tournament on one partition)");
        }
        if (judgment.getLeft().equals(judgment.getRight())) {
            throw rejected(Reason.SAME_ANNOTATION, "judgment " + id
                    + ": left and right are the same annotation '"
                    + judgment.getLeft() + "'");
        }
    }

    /**
     * Checks against the passage's annotations: both exist, and the rater wrote neither (paper 3.2.3: raters do
     * not rate their own annotations). Author ids are compared ignoring case: a false match only rejects a
     * judgment, a missed one would let a rater promote their own work.
     *
     * @param left  the stored annotation named by {@code judgment.left}, or null when the passage has none
     * @param right the stored annotation named by {@code judgment.right}, or null when the passage has none
     */
    static void requirePlayable(Judgment judgment, Extraction left, Extraction right) {
        String id = judgment.getJudgmentId();
        requireKnown(judgment, judgment.getLeft(), left, "left");
        requireKnown(judgment, judgment.getRight(), right, "right");
        for (Extraction annotation : new Extraction[] {left, right}) {
            if (annotation.getAnnotator().getId().equalsIgnoreCase(judgment.getRaterId())) {
                throw rejected(Reason.OWN_ANNOTATION, "judgment " + id + ": rater '" + judgment.getRaterId()
                        + "' is the author of annotation '" + annotation.getAnnotationId() + "' of passage '"
                        + judgment.getPassageId() + "'; raters never rate their own annotation");
            }
        }
    }

    private static void requireKnown(Judgment judgment, String annotationId, Extraction annotation, String side) {
        if (annotation == null) {
            throw rejected(Reason.UNKNOWN_ANNOTATION, "judgment " + judgment.getJudgmentId() + ": "
                    + side + " annotation '"
                    + annotationId + "' is not an annotation of passage '" + judgment.getPassageId()
                    + "' (no such extraction seen)");
        }
    }

    private static void requireId(String value, String field, String judgmentId) {
        String which = "judgment " + (judgmentId == null || judgmentId.isBlank() ? "without judgmentId" : judgmentId);
        if (value == null || value.isBlank()) {
            throw rejected(Reason.MALFORMED, which + ": " + field + " is blank");
        }
        if (value.indexOf(EloTopology.KEY_SEPARATOR) >= 0) {
            throw rejected(Reason.MALFORMED, which + ": " + field + " contains a NUL character");
        }
    }

    /** The reason a rejected judgment was counted under (its exception's code). */
    static Reason reason(InvalidRecordException e) {
        return Reason.valueOf(e.code());
    }

    private static InvalidRecordException rejected(Reason reason, String message) {
        return new InvalidRecordException(reason.name(), message, null);
    }

    private JudgmentRules() {
    }
}
