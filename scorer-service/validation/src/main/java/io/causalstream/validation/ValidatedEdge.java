package io.causalstream.validation;

import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.List;

/**
 * One edge after validation.
 *
 * @param originalIndex position of the extracted triple it comes from (a split triple yields several edges)
 * @param triple        the edge with its normalised labels (same direction, evidence and confidence as extracted;
 *                      the normalisation verdict names the original labels when they changed)
 * @param strength      CESAR strength, or null when not computed (no model, or dropped by normalisation)
 * @param state         VALIDATED, HYPOTHESIZED or REJECTED
 * @param stages        the verdicts of the stages that ran, in order
 * @param kept          false when normalisation dropped the edge (duplicate, self-loop, empty label)
 */
public record ValidatedEdge(int originalIndex, Triple triple, Double strength, ValidationState state,
                            List<Verdict> stages, boolean kept) {

    public ValidatedEdge {
        stages = List.copyOf(stages);
    }

    public ScoredEdge toAvro() {
        return ScoredEdge.newBuilder()
                .setTriple(triple)
                .setStrength(strength)
                .setValidation(state)
                .setStages(stages.stream().map(Verdict::toAvro).toList())
                .build();
    }

    /** The verdict of {@code stage}, if it ran. */
    public java.util.Optional<Verdict> stage(String stage) {
        return stages.stream().filter(v -> v.stage().equals(stage)).findFirst();
    }
}
