package io.causalstream.fcm.aggregate;

import io.causalstream.fcm.model.Validation;
import java.util.Set;

/**
 * Which annotations and edges enter a collective map.
 *
 * @param annotators only these annotator ids (empty: all)
 * @param excludedAnnotators never these annotator ids
 * @param kinds only these annotator kinds, HUMAN / MODEL / RULES (empty: all)
 * @param minimumValidation an edge's validation state must be at least this (see {@link Validation} for the order)
 * @param minimumStrength an edge's CESAR strength must be at least this
 * @param keepUnscored whether an edge without a strength passes the strength test
 */
public record AggregationFilter(Set<String> annotators, Set<String> excludedAnnotators, Set<String> kinds,
        Validation minimumValidation, double minimumStrength, boolean keepUnscored) {

    /** Everything except REJECTED edges. */
    public static final AggregationFilter DEFAULT =
            new AggregationFilter(Set.of(), Set.of(), Set.of(), Validation.ERROR, 0, true);

    public AggregationFilter {
        annotators = annotators == null ? Set.of() : Set.copyOf(annotators);
        excludedAnnotators = excludedAnnotators == null ? Set.of() : Set.copyOf(excludedAnnotators);
        kinds = kinds == null ? Set.of() : Set.copyOf(kinds);
        minimumValidation = minimumValidation == null ? Validation.ERROR : minimumValidation;
    }

    public boolean admits(Contribution c) {
        return (annotators.isEmpty() || annotators.contains(c.annotatorId()))
                && !excludedAnnotators.contains(c.annotatorId())
                && (kinds.isEmpty() || kinds.contains(c.annotatorKind()));
    }

    public boolean admits(ContributedEdge e) {
        if (!e.validation().atLeast(minimumValidation)) {
            return false;
        }
        return e.strength() == null ? keepUnscored : e.strength() >= minimumStrength;
    }

    public AggregationFilter withMinimumValidation(Validation v) {
        return new AggregationFilter(annotators, excludedAnnotators, kinds, v, minimumStrength, keepUnscored);
    }

    public AggregationFilter withMinimumStrength(double s) {
        return new AggregationFilter(annotators, excludedAnnotators, kinds, minimumValidation, s, keepUnscored);
    }

    public AggregationFilter withKinds(Set<String> k) {
        return new AggregationFilter(annotators, excludedAnnotators, k, minimumValidation, minimumStrength,
                keepUnscored);
    }

    public AggregationFilter withAnnotators(Set<String> include, Set<String> exclude) {
        return new AggregationFilter(include, exclude, kinds, minimumValidation, minimumStrength, keepUnscored);
    }
}
