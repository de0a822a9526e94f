package io.causalstream.scorer.validate;

import io.causalstream.scorer.scoring.EdgeAssessment;
import java.util.List;

/**
 * A finished {@link ValidationJob}: one assessment per edge, in order; edges in state ERROR when validation failed
 * or ran out of its budget ({@link #error} says why, null when it did not fail).
 */
public record ValidationOutcome(ValidationJob job, List<EdgeAssessment> assessments, String error, long nanos) {

    public ValidationOutcome {
        assessments = List.copyOf(assessments);
    }

    public boolean failed() {
        return error != null;
    }
}
