package io.causalstream.fcm.aggregate;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * How a collective map is aggregated.
 *
 * @param filter which annotations and edges count
 * @param defaultStrength the strength of an edge without a CESAR strength, in [0, 1]
 * @param prior κ &gt;= 0 of the weight formula (see {@link EdgeWeighting}): how many passages' worth of "no effect"
 *     every edge starts with; 0 gives the plain mean of the passages' votes
 * @param similarityThreshold a new label joins the most similar known concept when the similarity reaches this
 * @param keepSeparate normalised labels never merged into another concept by similarity (undoes a logged merge)
 * @param aliases normalised label -&gt; normalised label of the concept it must join (configured merges)
 * @param polarityGuard refuse similarity merges of labels that differ by a polarity word ({@link PolarityGuard})
 */
public record AggregationSettings(AggregationFilter filter, double defaultStrength, double prior,
        double similarityThreshold, Set<String> keepSeparate, Map<String, String> aliases, boolean polarityGuard) {

    public static final AggregationSettings DEFAULT =
            new AggregationSettings(AggregationFilter.DEFAULT, 0.5, 1.0, 0.85, Set.of(), Map.of(), true);

    public AggregationSettings {
        filter = filter == null ? AggregationFilter.DEFAULT : filter;
        if (!(defaultStrength >= 0 && defaultStrength <= 1)) {
            throw new IllegalArgumentException("defaultStrength must be in [0, 1]: " + defaultStrength);
        }
        if (!(prior >= 0)) {
            throw new IllegalArgumentException("prior must be >= 0: " + prior);
        }
        keepSeparate = keepSeparate == null ? Set.of() : Set.copyOf(keepSeparate.stream().map(ConceptKey::normalise)
                .toList());
        Map<String, String> normalised = new HashMap<>();
        if (aliases != null) {
            aliases.forEach((k, v) -> normalised.put(ConceptKey.normalise(k), ConceptKey.normalise(v)));
        }
        aliases = Map.copyOf(normalised);
    }

    public AggregationSettings withFilter(AggregationFilter f) {
        return new AggregationSettings(f, defaultStrength, prior, similarityThreshold, keepSeparate, aliases,
                polarityGuard);
    }

    public AggregationSettings withPrior(double p) {
        return new AggregationSettings(filter, defaultStrength, p, similarityThreshold, keepSeparate, aliases,
                polarityGuard);
    }

    public AggregationSettings withSimilarityThreshold(double t) {
        return new AggregationSettings(filter, defaultStrength, prior, t, keepSeparate, aliases, polarityGuard);
    }

    public AggregationSettings withKeepSeparate(Set<String> keys) {
        return new AggregationSettings(filter, defaultStrength, prior, similarityThreshold, keys, aliases,
                polarityGuard);
    }

    public AggregationSettings withPolarityGuard(boolean guard) {
        return new AggregationSettings(filter, defaultStrength, prior, similarityThreshold, keepSeparate, aliases,
                guard);
    }

    public AggregationSettings withAliases(Map<String, String> a) {
        return new AggregationSettings(filter, defaultStrength, prior, similarityThreshold, keepSeparate, a,
                polarityGuard);
    }
}
