package io.causalstream.elo.rater;

import java.util.Optional;

/**
 * Whether a judgment may count, and if not, why: the one set of rules of the rater API, which answers a refusal
 * over HTTP before anything is published, and of the topology, which dead-letters a judgment published by any
 * producer. Each broken rule is a {@link Reason} with a message that names the judgment and the rule.
 *
 * <p>The rules: every id (judgment, passage, rater, left, right) is 1 to {@value #MAX_ID} characters, not blank,
 * without control characters (NUL separates the parts of the stores' keys); the record is keyed by its passage
 * (so it meets the passage's annotations and tournament on one partition); left and right are two different
 * annotations; and, when the passage's annotations are known, both exist and the rater wrote neither (paper
 * 3.2.3: raters do not rate their own annotations). Authors are compared ignoring case: a false match only refuses
 * a judgment, a missed one would let a rater promote their own work.
 */
public final class JudgmentValidity {

    /** Longest id accepted. */
    public static final int MAX_ID = 256;

    /** Which rule a judgment broke. */
    public enum Reason {
        /** An id is missing, blank, too long or holds a control character (or the record is empty). */
        MALFORMED,
        /** The record key is not the judgment's passageId. */
        KEY_MISMATCH,
        /** Left and right are the same annotation. */
        SAME_ANNOTATION,
        /** An annotation the passage does not have. */
        UNKNOWN_ANNOTATION,
        /** The rater wrote one of the two annotations. */
        OWN_ANNOTATION
    }

    /** A broken rule: which, and a message naming the judgment and the rule. */
    public record Invalid(Reason reason, String message) {
    }

    /** What a judgment claims: who judged which pair of which passage. */
    public record Claim(String judgmentId, String passageId, String raterId, String left, String right) {
    }

    /** Who wrote the pair's annotations; each null when the passage has no such annotation. */
    public record Authors(String left, String right) {
    }

    /**
     * Why a judgment may not count, or empty when it may.
     *
     * @param key     the record's key (the API publishes under the passageId)
     * @param claim   the judgment; null for an empty record
     * @param authors the authors of the pair when the passage's annotations are known; empty when they are not
     *                (then only the record itself is checked)
     */
    public static Optional<Invalid> check(String key, Claim claim, Optional<Authors> authors) {
        if (claim == null) {
            return invalid(Reason.MALFORMED, "empty judgment record (null value) with key '" + key + "'");
        }
        String which = "judgment " + (validId(claim.judgmentId()) ? claim.judgmentId() : "without judgmentId");
        String[][] ids = {{"judgmentId", claim.judgmentId()}, {"passageId", claim.passageId()},
                {"raterId", claim.raterId()}, {"left", claim.left()}, {"right", claim.right()}};
        for (String[] id : ids) {
            String problem = idProblem(id[1]);
            if (problem != null) {
                return invalid(Reason.MALFORMED, which + ": " + id[0] + " " + problem);
            }
        }
        if (!claim.passageId().equals(key)) {
            return invalid(Reason.KEY_MISMATCH, which + ": record key '" + key + "' is not its passageId '"
                    + claim.passageId() + "' (judgments are keyed by passageId so they meet the passage's "
                    + "annotations and tournament on one partition)");
        }
        if (claim.left().equals(claim.right())) {
            return invalid(Reason.SAME_ANNOTATION, which + ": left and right are the same annotation '"
                    + claim.left() + "'");
        }
        if (authors.isEmpty()) {
            return Optional.empty();
        }
        Authors a = authors.get();
        if (a.left() == null || a.right() == null) {
            String side = a.left() == null ? "left" : "right";
            return invalid(Reason.UNKNOWN_ANNOTATION, which + ": " + side + " annotation '"
                    + (a.left() == null ? claim.left() : claim.right()) + "' is not an annotation of passage '"
                    + claim.passageId() + "' (no such extraction seen)");
        }
        for (String[] annotation : new String[][] {{claim.left(), a.left()}, {claim.right(), a.right()}}) {
            if (annotation[1].equalsIgnoreCase(claim.raterId())) {
                return invalid(Reason.OWN_ANNOTATION, which + ": rater '" + claim.raterId()
                        + "' is the author of annotation '" + annotation[0] + "' of passage '" + claim.passageId()
                        + "'; raters never rate their own annotation");
            }
        }
        return Optional.empty();
    }

    /** Whether {@code s} is a well-formed id (of a passage, an annotation, a rater, a judgment). */
    public static boolean validId(String s) {
        return idProblem(s) == null;
    }

    private static String idProblem(String s) {
        if (s == null || s.isBlank()) {
            return "is blank";
        }
        if (s.length() > MAX_ID) {
            return "is longer than " + MAX_ID + " characters";
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.isISOControl(s.charAt(i))) {
                return "contains a control character";
            }
        }
        return null;
    }

    private static Optional<Invalid> invalid(Reason reason, String message) {
        return Optional.of(new Invalid(reason, message));
    }

    private JudgmentValidity() {
    }
}
