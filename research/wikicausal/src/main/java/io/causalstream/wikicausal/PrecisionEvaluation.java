package io.causalstream.wikicausal;

import io.causalstream.validation.verify.CausalVerifier;
import io.causalstream.validation.verify.VerifierVerdict;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * WikiCausal's LLM precision (section 4.2; {@code scripts/precision.py}): every distinct (cause label, effect
 * label) pair of the KG is put to the verifier ("Could {cause} result in {effect}?", 5 asks, majority of 3);
 * precision is the share of pairs accepted, over all pairs, over class pairs and over instance (example) pairs.
 * A pair seen first as a class pair is not asked again as an instance pair, as in the script.
 *
 * <p>An abstention (no backend, or every call failed) counts as not accepted; {@link Result#abstained} says how
 * many there were, so a run without a working backend cannot pass for a low precision unnoticed.
 */
public final class PrecisionEvaluation {

    public record Result(double full, double classes, double instances, int pairs, int classPairs,
                         int instancePairs, int abstained) {

        /** The CSV line as {@code precision.py} writes it. */
        public String csv(String inputName) {
            return String.join(",", inputName, RecallRow.fixed4(full), RecallRow.fixed4(classes),
                    RecallRow.fixed4(instances));
        }
    }

    public static final String HEADER = "input_kg_file_name,full precision,types precision,instances precision";

    public static Result evaluate(CausalKg kg, CausalVerifier verifier) {
        Map<CausalKg.LabelPair, Boolean> all = new LinkedHashMap<>();
        Map<CausalKg.LabelPair, Boolean> classes = new LinkedHashMap<>();
        Map<CausalKg.LabelPair, Boolean> instances = new LinkedHashMap<>();
        int abstained = 0;
        for (CausalKg.Edge edge : kg.labels().keySet()) {
            CausalKg.LabelPair pair = kg.labels().get(edge);
            if (all.containsKey(pair)) {
                continue;
            }
            VerifierVerdict verdict = verifier.verify(pair.cause(), pair.effect());
            if (verdict.outcome() == VerifierVerdict.Outcome.ABSTAIN) {
                abstained++;
            }
            boolean accepted = verdict.outcome() == VerifierVerdict.Outcome.YES;
            all.put(pair, accepted);
            (kg.classes().contains(edge) ? classes : instances).put(pair, accepted);
        }
        return new Result(share(all), share(classes), share(instances), all.size(), classes.size(), instances.size(),
                abstained);
    }

    private static double share(Map<CausalKg.LabelPair, Boolean> results) {
        if (results.isEmpty()) {
            return 0;
        }
        return results.values().stream().filter(b -> b).count() / (double) results.size();
    }

    private PrecisionEvaluation() {
    }
}
