package io.causalstream.validation;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The last rule of {@link EdgeValidation}, over a whole extraction rather than one edge. */
final class OneSignPerPair {

    /**
     * An extraction that states both INCREASE and DECREASE for one pair contradicts itself: when both would be
     * VALIDATED (each found its own agreeing evidence, "X raises Y. In dry years X lowers Y."), neither is, as the
     * passage supports no single sign.
     */
    static List<ValidatedEdge> apply(List<ValidatedEdge> edges) {
        Map<List<String>, Set<Direction>> validatedSigns = new HashMap<>();
        for (ValidatedEdge e : edges) {
            if (e.state() == ValidationState.VALIDATED) {
                validatedSigns.computeIfAbsent(pair(e), k -> new HashSet<>()).add(e.triple().getDirection());
            }
        }
        List<ValidatedEdge> out = new ArrayList<>(edges.size());
        for (ValidatedEdge e : edges) {
            if (e.state() == ValidationState.VALIDATED && validatedSigns.get(pair(e)).size() > 1) {
                Direction other = e.triple().getDirection() == Direction.INCREASE ? Direction.DECREASE
                        : Direction.INCREASE;
                List<Verdict> stages = new ArrayList<>();
                for (Verdict v : e.stages()) {
                    stages.add(v.stage().equals(Verdict.VERIFICATION) ? new Verdict(v.stage(), false, v.reason()
                            + "; the extraction also states " + other + " for this pair: opposite signs") : v);
                }
                out.add(new ValidatedEdge(e.originalIndex(), e.triple(), e.strength(), ValidationState.HYPOTHESIZED,
                        stages, e.kept()));
            } else {
                out.add(e);
            }
        }
        return out;
    }

    private static List<String> pair(ValidatedEdge e) {
        return List.of(e.triple().getSource(), e.triple().getTarget());
    }

    private OneSignPerPair() {
    }
}
