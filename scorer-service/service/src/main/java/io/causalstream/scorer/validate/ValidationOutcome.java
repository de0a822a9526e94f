package io.causalstream.scorer.validate;

import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.validation.verify.VerifierVerdict;
import java.util.List;
import java.util.Map;

/**
 * A finished {@link ValidationJob}: one assessment per edge, in order; edges in state ERROR when validation failed
 * or ran out of its budget ({@link #error} says why, null when it did not fail). {@code answers} are the LLM
 * verifier's new answers the job asked for (keyed as in {@code AnswerBook}), for the topology to persist; jobs
 * validated together share them.
 */
public record ValidationOutcome(ValidationJob job, List<EdgeAssessment> assessments, String error, long nanos,
                                Map<String, VerifierVerdict> answers) {

    public ValidationOutcome {
        assessments = List.copyOf(assessments);
        answers = Map.copyOf(answers);
    }

    public ValidationOutcome(ValidationJob job, List<EdgeAssessment> assessments, String error, long nanos) {
        this(job, assessments, error, nanos, Map.of());
    }

    public boolean failed() {
        return error != null;
    }
}
