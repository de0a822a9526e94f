package io.causalstream.deadletter;

import io.causalstream.schemas.extraction.Extraction;
import java.util.Objects;

/**
 * An annotation id belongs, within its passage, to the annotator that first published it. A later record reusing
 * the id under another annotator would silently replace that annotator's triples (and, for a tournament leader,
 * the passage's gold): it is rejected, to be dead-lettered with the reason. The same annotator may re-publish its
 * annotation (a re-extraction). Applied by every service that keeps annotations (scorer, Elo) before state changes.
 */
public final class AnnotationOwnership {

    /** The rejection code ({@link InvalidRecordException#code()}), the dead letter's {@link DeadLetters#CODE}. */
    public static final String CODE = "annotation_owner";

    /**
     * @param stored the annotation kept for this passage and annotation id, or null for a new one
     * @param next   the record just read
     * @throws InvalidRecordException when {@code next} names another annotator than {@code stored}
     */
    public static void require(Extraction stored, Extraction next) {
        if (stored == null || stored.getAnnotator() == null || next.getAnnotator() == null) {
            return;
        }
        String owner = String.valueOf(stored.getAnnotator().getId());
        String claimant = String.valueOf(next.getAnnotator().getId());
        if (!Objects.equals(owner, claimant)) {
            throw new InvalidRecordException(CODE, "annotation id '" + next.getAnnotationId() + "' of passage '"
                    + next.getPassageId() + "' belongs to annotator '" + owner + "', who first published it; a record "
                    + "from annotator '" + claimant + "' may not reuse it", null);
        }
    }

    private AnnotationOwnership() {
    }
}
