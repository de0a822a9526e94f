package io.causalstream.scorer.scoring;

import io.causalstream.schemas.scoring.ReferenceFreeQuality;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.StageVerdict;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.List;

/**
 * A graph's reference-free quality, counted from its validated edges: what a consumer can use to decide whether to
 * trust a graph that has no gold. "Checked" edges are those validation ran on (not UNCHECKED, not ERROR).
 */
public final class GraphQuality {

    public static final String GROUNDING = "grounding";
    public static final String VERIFICATION = "verification";

    public static ReferenceFreeQuality of(List<ScoredEdge> edges) {
        int validated = 0;
        int hypothesized = 0;
        int rejected = 0;
        int unchecked = 0;
        int errors = 0;
        int grounded = 0;
        int verified = 0;
        double strengthSum = 0;
        int strengths = 0;
        Double min = null;
        for (ScoredEdge e : edges) {
            switch (e.getValidation()) {
                case VALIDATED -> validated++;
                case HYPOTHESIZED -> hypothesized++;
                case REJECTED -> rejected++;
                case UNCHECKED -> unchecked++;
                case ERROR -> errors++;
            }
            if (checked(e.getValidation())) {
                grounded += passed(e.getStages(), GROUNDING) ? 1 : 0;
                verified += passed(e.getStages(), VERIFICATION) ? 1 : 0;
            }
            if (e.getStrength() != null) {
                strengthSum += e.getStrength();
                strengths++;
                min = min == null ? e.getStrength() : Math.min(min, e.getStrength());
            }
        }
        int checked = validated + hypothesized + rejected;
        return ReferenceFreeQuality.newBuilder()
                .setEdges(edges.size())
                .setValidated(validated)
                .setHypothesized(hypothesized)
                .setRejected(rejected)
                .setUnchecked(unchecked)
                .setErrors(errors)
                .setShareGrounded(checked == 0 ? null : (double) grounded / checked)
                .setShareVerified(checked == 0 ? null : (double) verified / checked)
                .setMeanStrength(strengths == 0 ? null : strengthSum / strengths)
                .setMinStrength(min)
                .build();
    }

    /**
     * VALIDATED edges / all edges, when validation ran on at least one edge (not UNCHECKED, not ERROR); else null:
     * {@code ScoredGraph.shareValidated}.
     */
    public static Double shareValidated(ReferenceFreeQuality q) {
        int checked = q.getValidated() + q.getHypothesized() + q.getRejected();
        return checked == 0 ? null : (double) q.getValidated() / q.getEdges();
    }

    private static boolean checked(ValidationState state) {
        return state == ValidationState.VALIDATED || state == ValidationState.HYPOTHESIZED
                || state == ValidationState.REJECTED;
    }

    /**
     * Whether every verdict of the stage passed (a split edge has one per part); false when the stage did not run.
     */
    private static boolean passed(List<StageVerdict> stages, String stage) {
        boolean any = false;
        for (StageVerdict v : stages) {
            if (v.getStage().equals(stage)) {
                if (!v.getPassed()) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    private GraphQuality() {
    }
}
