package io.causalstream.scorer.validate;

import io.causalstream.schemas.extraction.Extraction;

/**
 * One extraction to validate against one passage text. The topology compares a finished job's inputs with the
 * current ones before using its result: a job overtaken by a newer extraction or text is dropped. {@code timestamp}
 * is that of the record that asked for the job; the result is stamped with it, so a replay gives the same output.
 */
public record ValidationJob(Extraction extraction, String passageText, long timestamp) {

    public String passageId() {
        return extraction.getPassageId();
    }

    public String annotationId() {
        return extraction.getAnnotationId();
    }

    public int edges() {
        return extraction.getTriples().size();
    }
}
