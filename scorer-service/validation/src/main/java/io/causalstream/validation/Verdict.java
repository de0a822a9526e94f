package io.causalstream.validation;

import io.causalstream.schemas.scoring.StageVerdict;

/** One stage's verdict on one edge. */
public record Verdict(String stage, boolean passed, String reason) {

    public static final String GROUNDING = "grounding";
    public static final String NORMALISATION = "normalisation";
    public static final String EVIDENCE = "evidence";
    public static final String STRENGTH = "strength";
    public static final String VERIFICATION = "verification";

    public StageVerdict toAvro() {
        return StageVerdict.newBuilder().setStage(stage).setPassed(passed).setReason(reason).build();
    }
}
