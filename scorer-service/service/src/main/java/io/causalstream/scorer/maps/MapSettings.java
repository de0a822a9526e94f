package io.causalstream.scorer.maps;

import io.causalstream.fcm.aggregate.AggregationFilter;
import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.model.Validation;
import io.causalstream.runtime.Config;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The {@code scorer.maps.*} settings of the {@code causal-maps} sub-topology (read with the rest of
 * {@code ScorerSettings}).
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code scorer.maps.enabled}</td><td>true</td><td>Aggregate scored graphs into collective maps.</td></tr>
 *   <tr><td>{@code scorer.maps.key}</td><td>all</td><td>Which map a scored graph goes to: {@code all} (one map),
 *       {@code kind} ({@code kind:model}, ...), {@code annotator} ({@code annotator:<id>}),
 *       {@code passage:<metadata name>} (e.g. {@code passage:source} gives {@code source:<value>}, from the
 *       passages table; a graph whose passage has no such value, or is not known yet, goes to no map), or
 *       {@code fixed:<id>} (every graph to the map {@code <id>}).</td></tr>
 *   <tr><td>{@code scorer.maps.annotators}, {@code scorer.maps.exclude.annotators}</td><td>(all), (none)</td>
 *       <td>Only / never these annotator ids (comma-separated).</td></tr>
 *   <tr><td>{@code scorer.maps.kinds}</td><td>(all)</td><td>Only these annotator kinds: HUMAN, MODEL, RULES.</td></tr>
 *   <tr><td>{@code scorer.maps.min.validation}</td><td>ERROR</td><td>Lowest validation state kept, in the order
 *       REJECTED &lt; ERROR &lt; UNCHECKED &lt; HYPOTHESIZED &lt; VALIDATED (default: all but REJECTED).</td></tr>
 *   <tr><td>{@code scorer.maps.min.strength}</td><td>0</td><td>Lowest CESAR strength kept.</td></tr>
 *   <tr><td>{@code scorer.maps.keep.unscored}</td><td>true</td><td>Whether edges without a strength are kept.</td></tr>
 *   <tr><td>{@code scorer.maps.default.strength}</td><td>0.5</td><td>Strength of an edge without one.</td></tr>
 *   <tr><td>{@code scorer.maps.prior}</td><td>1</td><td>κ of the weight formula (EdgeWeighting).</td></tr>
 *   <tr><td>{@code scorer.maps.similarity}</td><td>minilm</td><td>{@code minilm}: resolve concepts by normalised
 *       text plus cosine of the bundled encoder's vectors ({@code encoder.*}); {@code none}: text only.</td></tr>
 *   <tr><td>{@code scorer.maps.similarity.threshold}</td><td>0.85</td><td>Merge a new label into the most similar
 *       concept at or above this.</td></tr>
 *   <tr><td>{@code scorer.maps.polarity.guard}</td><td>true</td><td>Refuse similarity merges of labels that differ
 *       by a polarity word ("low crop yield" / "crop yield").</td></tr>
 *   <tr><td>{@code scorer.maps.keep.separate}</td><td>(none)</td><td>Labels never merged by similarity, comma-separated:
 *       undoes a recorded merge (the map is re-resolved at the next start).</td></tr>
 *   <tr><td>{@code scorer.maps.aliases}</td><td>(none)</td><td>Configured merges {@code label=concept;label=concept}.
 *       </td></tr>
 *   <tr><td>{@code scorer.maps.emit.interval.ms}</td><td>1000</td><td>Wall-clock interval at which changed maps are
 *       written to {@code causal-maps}.</td></tr>
 *   <tr><td>{@code scorer.maps.provenance.max}</td><td>10</td><td>Evidence items per edge in a {@code causal-maps}
 *       record (the counts are always complete; HTTP serves all of them).</td></tr>
 *   <tr><td>{@code scorer.maps.max.record.bytes}</td><td>900000</td><td>Estimated size limit of a
 *       {@code causal-maps} record (the broker's default message limit is 1 MB): past it, fewer evidence items per
 *       edge, then only the strongest edges ({@code edgeCount} has the full count; HTTP serves the whole map).</td></tr>
 * </table>
 * A change of the resolution settings (similarity, threshold, guard, keep-separate, aliases) is detected through
 * a fingerprint stored per map: the map's concepts are then resolved again from its stored contributions. A change
 * of the filters or weights applies on the next start without re-resolution (the stores keep every graph whole).
 */
public record MapSettings(boolean enabled, String key, AggregationSettings aggregation, String similarity,
                          Duration emitInterval, int provenanceMax, long maxRecordBytes) {

    public static final String ENABLED = "scorer.maps.enabled";
    public static final String KEY = "scorer.maps.key";
    public static final String ANNOTATORS = "scorer.maps.annotators";
    public static final String EXCLUDE_ANNOTATORS = "scorer.maps.exclude.annotators";
    public static final String KINDS = "scorer.maps.kinds";
    public static final String MIN_VALIDATION = "scorer.maps.min.validation";
    public static final String MIN_STRENGTH = "scorer.maps.min.strength";
    public static final String KEEP_UNSCORED = "scorer.maps.keep.unscored";
    public static final String DEFAULT_STRENGTH = "scorer.maps.default.strength";
    public static final String PRIOR = "scorer.maps.prior";
    public static final String SIMILARITY = "scorer.maps.similarity";
    public static final String SIMILARITY_THRESHOLD = "scorer.maps.similarity.threshold";
    public static final String POLARITY_GUARD = "scorer.maps.polarity.guard";
    public static final String KEEP_SEPARATE = "scorer.maps.keep.separate";
    public static final String ALIASES = "scorer.maps.aliases";
    public static final String EMIT_INTERVAL_MS = "scorer.maps.emit.interval.ms";
    public static final String PROVENANCE_MAX = "scorer.maps.provenance.max";
    public static final String MAX_RECORD_BYTES = "scorer.maps.max.record.bytes";
    public static final long DEFAULT_MAX_RECORD_BYTES = 900_000;

    public static final String SIMILARITY_MINILM = "minilm";
    public static final String SIMILARITY_NONE = "none";

    /** Every default, similarity off (no encoder): for topology tests and tools. */
    public static final MapSettings DEFAULT = new MapSettings(true, "all", AggregationSettings.DEFAULT,
            SIMILARITY_NONE, Duration.ofSeconds(1), 10, DEFAULT_MAX_RECORD_BYTES);

    public MapSettings {
        key = key == null || key.isBlank() ? "all" : key.strip();
        validateKey(key);
        aggregation = aggregation == null ? AggregationSettings.DEFAULT : aggregation;
        similarity = similarity == null ? SIMILARITY_NONE : similarity.strip().toLowerCase(Locale.ROOT);
        if (!similarity.equals(SIMILARITY_MINILM) && !similarity.equals(SIMILARITY_NONE)) {
            throw new IllegalArgumentException(SIMILARITY + " is minilm or none, not " + similarity);
        }
        if (emitInterval == null || emitInterval.toMillis() < 1) {
            throw new IllegalArgumentException(EMIT_INTERVAL_MS + " must be at least 1");
        }
        if (maxRecordBytes < 1024) {
            throw new IllegalArgumentException(MAX_RECORD_BYTES + " must be at least 1024, got " + maxRecordBytes);
        }
        if (provenanceMax < 0) {
            throw new IllegalArgumentException(PROVENANCE_MAX + " must be >= 0, got " + provenanceMax);
        }
    }

    private static void validateKey(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        if (k.equals("all") || k.equals("kind") || k.equals("annotator")) {
            return;
        }
        if ((k.startsWith("passage:") || k.startsWith("fixed:")) && key.indexOf(':') < key.length() - 1) {
            return;
        }
        throw new IllegalArgumentException(KEY + " is all, kind, annotator, passage:<metadata name> or fixed:<map id>,"
                + " not " + key);
    }

    public static MapSettings from(Config config) {
        AggregationFilter filter = new AggregationFilter(
                list(config.get(ANNOTATORS, "")),
                list(config.get(EXCLUDE_ANNOTATORS, "")),
                list(config.get(KINDS, "")).stream().map(s -> s.toUpperCase(Locale.ROOT))
                        .collect(Collectors.toSet()),
                Validation.valueOf(config.get(MIN_VALIDATION, "ERROR").strip().toUpperCase(Locale.ROOT)),
                config.getDouble(MIN_STRENGTH, 0),
                config.getBoolean(KEEP_UNSCORED, true));
        AggregationSettings d = AggregationSettings.DEFAULT;
        AggregationSettings aggregation = new AggregationSettings(filter,
                config.getDouble(DEFAULT_STRENGTH, d.defaultStrength()),
                config.getDouble(PRIOR, d.prior()),
                config.getDouble(SIMILARITY_THRESHOLD, d.similarityThreshold()),
                list(config.get(KEEP_SEPARATE, "")),
                aliases(config.get(ALIASES, "")),
                config.getBoolean(POLARITY_GUARD, d.polarityGuard()));
        return new MapSettings(config.getBoolean(ENABLED, true), config.get(KEY, "all"), aggregation,
                config.get(SIMILARITY, SIMILARITY_MINILM),
                Duration.ofMillis(config.getLong(EMIT_INTERVAL_MS, 1000)),
                config.getInt(PROVENANCE_MAX, 10),
                config.getLong(MAX_RECORD_BYTES, DEFAULT_MAX_RECORD_BYTES));
    }

    private static Set<String> list(String csv) {
        return Arrays.stream(csv.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** {@code label=concept;label=concept}. */
    static Map<String, String> aliases(String spec) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : spec.split(";")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new IllegalArgumentException(ALIASES + " entries are label=concept, not '" + pair.strip() + "'");
            }
            out.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
        return out;
    }

    public MapSettings withKey(String k) {
        return new MapSettings(enabled, k, aggregation, similarity, emitInterval, provenanceMax, maxRecordBytes);
    }

    public MapSettings withAggregation(AggregationSettings a) {
        return new MapSettings(enabled, key, a, similarity, emitInterval, provenanceMax, maxRecordBytes);
    }

    public MapSettings withEnabled(boolean e) {
        return new MapSettings(e, key, aggregation, similarity, emitInterval, provenanceMax, maxRecordBytes);
    }

    /**
     * Fingerprint of what decides concept resolution (similarity and its threshold, polarity guard, keep-separate,
     * aliases), given the similarity's name: when it changes, a map's concepts are resolved again.
     */
    public String resolutionFingerprint(String similarityName) {
        AggregationSettings a = aggregation;
        return hash("similarity=" + similarityName + ";threshold=" + a.similarityThreshold() + ";guard="
                + a.polarityGuard() + ";keepSeparate=" + new TreeSet<>(a.keepSeparate()) + ";aliases="
                + new TreeMap<>(a.aliases()));
    }

    /** Fingerprint of every aggregation setting (the resolution ones, the filters, the weights). */
    public String fingerprint(String similarityName) {
        AggregationFilter f = aggregation.filter();
        return hash(resolutionFingerprint(similarityName) + ";annotators=" + new TreeSet<>(f.annotators())
                + ";excluded=" + new TreeSet<>(f.excludedAnnotators()) + ";kinds=" + new TreeSet<>(f.kinds())
                + ";minValidation=" + f.minimumValidation() + ";minStrength=" + f.minimumStrength() + ";keepUnscored="
                + f.keepUnscored() + ";defaultStrength=" + aggregation.defaultStrength() + ";prior="
                + aggregation.prior());
    }

    private static String hash(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
