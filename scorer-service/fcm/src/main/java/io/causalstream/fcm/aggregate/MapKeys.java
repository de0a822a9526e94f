package io.causalstream.fcm.aggregate;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Which collective maps a contribution belongs to (the {@code causal-maps} key): one map of everything, one per
 * annotator kind, one per annotator, or one per value of a passage attribute the caller looks up (e.g. the
 * passage's source or dataset, from the {@code passages} table). A contribution may belong to several maps.
 */
@FunctionalInterface
public interface MapKeys {

    List<String> of(Contribution contribution);

    /** One map of everything, keyed {@code all}. */
    MapKeys ALL = c -> List.of("all");

    /** One map per annotator kind: {@code kind:human}, {@code kind:model}, {@code kind:rules}. */
    MapKeys BY_KIND = c -> List.of("kind:" + c.annotatorKind().toLowerCase(Locale.ROOT));

    /** One map per annotator: {@code annotator:<id>}. */
    MapKeys BY_ANNOTATOR = c -> List.of("annotator:" + c.annotatorId());

    /** One map per value of a passage attribute ({@code <name>:<value>}); a passage without one goes to none. */
    static MapKeys byPassage(String name, Function<String, String> attribute) {
        return c -> {
            String value = attribute.apply(c.passageId());
            return value == null || value.isBlank() ? List.of() : List.of(name + ":" + value);
        };
    }

    /** By name: all, kind, annotator (the passage attributes need a lookup: {@link #byPassage}). */
    static MapKeys named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "all" -> ALL;
            case "kind" -> BY_KIND;
            case "annotator" -> BY_ANNOTATOR;
            default -> throw new IllegalArgumentException("map key is all, kind or annotator, not " + name);
        };
    }

    /** Every map's aggregator, created on first use: the in-memory side of a stream task or of the CLI. */
    static MapAggregator aggregator(Map<String, MapAggregator> maps, String mapId, AggregationSettings settings,
            ConceptSimilarity similarity) {
        return maps.computeIfAbsent(mapId, id -> new MapAggregator(settings, similarity));
    }
}
