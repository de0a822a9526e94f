package io.causalstream.scorer.scoring;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.validation.verify.AnswerBook;
import java.util.Collections;
import java.util.List;

/**
 * Hook for per-edge work beside the soft F1: causal strength (CESAR) and staged validation. The default,
 * {@link #NONE}, leaves every edge {@code UNCHECKED} without strength. Implementations must be thread-safe; an
 * exception is contained by {@link GraphScorer} (the edges stay unchecked) so it never stops the stream.
 */
public interface EdgeAssessor {

    EdgeAssessor NONE = new EdgeAssessor() {
        @Override
        public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
            return Collections.nCopies(extraction.getTriples().size(), EdgeAssessment.UNCHECKED);
        }
    };

    /**
     * @param extraction  the scored annotation
     * @param passageText the passage's text, or null when the scorer has not received it (yet)
     * @return one assessment per triple of the extraction, in the same order
     */
    List<EdgeAssessment> assess(Extraction extraction, String passageText);

    /**
     * Several extractions of one passage at once: one list of assessments per extraction, in order. An assessor
     * that can share work across them (one batch of encoder calls) overrides this.
     */
    default List<List<EdgeAssessment>> assessAll(List<Extraction> extractions, String passageText) {
        return extractions.stream().map(e -> assess(e, passageText)).toList();
    }

    /**
     * Whether the assessment depends on the passage text. When it does, the scorer re-scores a passage's
     * extractions when its text arrives or changes; otherwise a passage record changes nothing.
     */
    default boolean usesPassageText() {
        return false;
    }

    /**
     * The LLM verifier's answers this assessor asks through ({@link AnswerBook#NONE} when it asks none): the
     * topology persists the answers a validation asked for and gives them back after a restart.
     */
    default AnswerBook verifierAnswers() {
        return AnswerBook.NONE;
    }
}
