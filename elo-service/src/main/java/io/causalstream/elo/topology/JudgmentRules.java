package io.causalstream.elo.topology;

import io.causalstream.elo.topology.JudgmentListener.Reason;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.judgment.Judgment;

/**
 * The rules a judgment must follow before it may touch a tournament. Each broken rule is a
 * {@link RejectedJudgment} with a reason code and a message that becomes the dead-letter reason, so it names the
 * judgment and the rule.
 */
final class JudgmentRules {

    /** Checks that need nothing but the record: ids present, keyed by its passage, two different annotations. */
    static void requireWellFormed(String key, Judgment judgment) {
        if (judgment == null) {
            throw new RejectedJudgment(Reason.MALFORMED, "empty judgment record (null value) with key '" + key + "'");
        }
        String id = judgment.getJudgmentId();
        requireId(id, "judgmentId", id);
        requireId(judgment.getPassageId(), "passageId", id);
        requireId(judgment.getRaterId(), "raterId", id);
        requireId(judgment.getLeft(), "left", id);
        requireId(judgment.getRight(), "right", id);
        if (!judgment.getPassageId().equals(key)) {
            throw new RejectedJudgment(Reason.KEY_MISMATCH, "judgment " + id + ": record key '" + key
                    + "' is not its passageId '"
                    + judgment.getPassageId() + "' (judgments are keyed by passageId so they meet the passage's "
                    + "annotations and tournament on one partition)");
        }
        if (judgment.getLeft().equals(judgment.getRight())) {
            throw new RejectedJudgment(Reason.SAME_ANNOTATION, "judgment " + id
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
                throw new RejectedJudgment(Reason.OWN_ANNOTATION, "judgment " + id + ": rater '" + judgment.getRaterId()
                        + "' is the author of annotation '" + annotation.getAnnotationId() + "' of passage '"
                        + judgment.getPassageId() + "'; raters never rate their own annotation");
            }
        }
    }

    private static void requireKnown(Judgment judgment, String annotationId, Extraction annotation, String side) {
        if (annotation == null) {
            throw new RejectedJudgment(Reason.UNKNOWN_ANNOTATION, "judgment " + judgment.getJudgmentId() + ": "
                    + side + " annotation '"
                    + annotationId + "' is not an annotation of passage '" + judgment.getPassageId()
                    + "' (no such extraction seen)");
        }
    }

    private static void requireId(String value, String field, String judgmentId) {
        String which = "judgment " + (judgmentId == null || judgmentId.isBlank() ? "without judgmentId" : judgmentId);
        if (value == null || value.isBlank()) {
            throw new RejectedJudgment(Reason.MALFORMED, which + ": " + field + " is blank");
        }
        if (value.indexOf(EloTopology.KEY_SEPARATOR) >= 0) {
            throw new RejectedJudgment(Reason.MALFORMED, which + ": " + field + " contains a NUL character");
        }
    }

    private JudgmentRules() {
    }
}
