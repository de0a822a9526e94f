package io.causalstream.validation;

import io.causalstream.cesar.CesarScorer;
import io.causalstream.encoder.TextPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The strength stage of {@link EdgeValidation}: each distinct (cause, effect) text pair of a call asked of the
 * strength model once, in one batch, the cause conditioned on the evidence when the settings say so; kept for the
 * next call when the model is a pure function of the two texts, as CESAR is.
 */
final class EdgeStrengths {

    static final int STRENGTHS_KEPT = 16384;

    private final ValidationSettings settings;
    /** Null: no strength stage. */
    private final StrengthModel strength;
    /** Null when the strength model is not known to be pure. */
    private final Lru<TextPair, Double> strengthCache;

    EdgeStrengths(ValidationSettings settings, StrengthModel strength, boolean keep) {
        this.settings = settings;
        this.strength = strength;
        this.strengthCache = keep ? new Lru<>(STRENGTHS_KEPT) : null;
    }

    /** The strength of each kept edge, NaN for a dropped one and for all without a strength model. */
    double[] of(List<CheckedEdge> checked) {
        double[] out = new double[checked.size()];
        java.util.Arrays.fill(out, Double.NaN);
        if (strength == null) {
            return out;
        }
        // each distinct pair once: cached from an earlier call, or in one batch now
        Map<TextPair, List<Integer>> wanted = new java.util.LinkedHashMap<>();
        for (int i = 0; i < checked.size(); i++) {
            CheckedEdge c = checked.get(i);
            if (c.edge().kept()) {
                TextPair pair = new TextPair(causeText(c), c.edge().target());
                Double known = strengthCache == null ? null : strengthCache.get(pair);
                if (known != null) {
                    out[i] = known;
                } else {
                    wanted.computeIfAbsent(pair, k -> new ArrayList<>()).add(i);
                }
            }
        }
        if (!wanted.isEmpty()) {
            List<TextPair> pairs = new ArrayList<>(wanted.keySet());
            double[] values = strength.strengths(pairs);
            for (int k = 0; k < values.length; k++) {
                if (strengthCache != null) {
                    strengthCache.put(pairs.get(k), values[k]);
                }
                for (int i : wanted.get(pairs.get(k))) {
                    out[i] = values[k];
                }
            }
        }
        return out;
    }

    private String causeText(CheckedEdge c) {
        if (settings.evidenceConditionedStrength() && c.evidence().found()) {
            return CesarScorer.concatenate(c.edge().source(), c.evidence().text());
        }
        return c.edge().source();
    }
}
