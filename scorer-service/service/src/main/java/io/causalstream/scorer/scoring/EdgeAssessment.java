package io.causalstream.scorer.scoring;

import io.causalstream.schemas.scoring.StageVerdict;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.List;
import java.util.Objects;

/**
 * What an {@link EdgeAssessor} says about one extracted edge: its causal strength (null when not computed), its
 * validation state and the verdicts of the stages that ran, in order.
 */
public record EdgeAssessment(Double strength, ValidationState validation, List<StageVerdict> stages) {

    public static final EdgeAssessment UNCHECKED = new EdgeAssessment(null, ValidationState.UNCHECKED, List.of());

    /** The stage name of the verdict that explains an ERROR. */
    public static final String VALIDATION_STAGE = "validation";

    /** State ERROR with one verdict saying why: validation failed or ran out of its time budget. */
    public static EdgeAssessment error(String reason) {
        return new EdgeAssessment(null, ValidationState.ERROR,
                List.of(new StageVerdict(VALIDATION_STAGE, false, reason)));
    }

    /** {@link #error(String)} for each of {@code n} edges. */
    public static List<EdgeAssessment> errors(int n, String reason) {
        return java.util.Collections.nCopies(n, error(reason));
    }

    public EdgeAssessment {
        Objects.requireNonNull(validation, "validation");
        stages = List.copyOf(stages);
    }
}
