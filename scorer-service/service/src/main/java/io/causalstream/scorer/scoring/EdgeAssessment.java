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

    public EdgeAssessment {
        Objects.requireNonNull(validation, "validation");
        stages = List.copyOf(stages);
    }
}
