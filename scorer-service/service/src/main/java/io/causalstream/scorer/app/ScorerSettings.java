package io.causalstream.scorer.app;

import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.maps.MapSettings;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.scorer.topology.TopologySettings;
import java.util.Map;

/**
 * Every setting of the scorer service, read once through {@link Config} (override map, {@code -D}, environment,
 * {@code CAUSAL_STREAM_CONFIG} file, then the default).
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td colspan="4">the common keys ({@code kafka.bootstrap.servers}, {@code schema.registry.*},
 *       {@code http.host}, {@code http.port} (default 7072), {@code http.advertised.host} (unset: no query
 *       routing), {@code application.id} (default scorer-service), {@code state.dir}, {@code kafka.security.*},
 *       {@code kafka.sasl.*}, {@code kafka.ssl.*}): see {@link CommonSettings}</td></tr>
 *   <tr><td>{@code scorer.gold.preference}</td><td>{@code SCORER_GOLD_PREFERENCE}</td><td>curated</td>
 *       <td>{@code curated}: score against the curated gold when the passage has one, else the tournament
 *       winner; {@code tournament}: the reverse.</td></tr>
 *   <tr><td>{@code scorer.measures}</td><td>{@code SCORER_MEASURES}</td><td>exact,bleu,rouge1,meteor</td>
 *       <td>The measures scored into every {@code scored-graphs} record, comma-separated, each {@code name} or
 *       {@code name:threshold} (e.g. {@code exact,bleu:0.5,rouge1:0.6,meteor:0.5}). Names: {@code exact},
 *       {@code bleu}, {@code bleu-nltk}, {@code rouge1}, {@code rouge2}, {@code rougeL}, {@code meteor}
 *       (paper-faithful soft F1) and {@code ref-verbatim}, {@code ref-bleu}, {@code ref-meteor}, {@code ref-rouge}
 *       (the authors' notebook, bit for bit); a name alone takes the measure's default threshold. Defaults and
 *       why: {@link MeasureCatalog#DEFAULT_SPEC}. Checked at start: an unknown name stops the start.</td></tr>
 *   <tr><td>{@code scorer.max.edges}</td><td>{@code SCORER_MAX_EDGES}</td><td>500</td>
 *       <td>Extractions and golds with more edges go to their dead-letter topic instead of being scored
 *       (matching is cubic in the edge count).</td></tr>
 *   <tr><td>{@code scorer.validation.threads}</td><td>{@code SCORER_VALIDATION_THREADS}</td><td>the number of
 *       cores</td><td>Threads that validate extractions (encoder, CESAR, LLM verifier) off the stream threads.</td></tr>
 *   <tr><td>{@code scorer.validation.budget.ms}</td><td>{@code SCORER_VALIDATION_BUDGET_MS}</td><td>120000</td>
 *       <td>Time budget of one extraction's validation; past it, its edges are published in state ERROR with the
 *       reason (and counted), and the late result is dropped.</td></tr>
 *   <tr><td>{@code scorer.maps.*}</td><td>{@code SCORER_MAPS_*}</td><td>on, one map {@code all}</td>
 *       <td>The collective causal maps aggregated from {@code scored-graphs} into {@code causal-maps}: which map
 *       key, filters, concept resolution, emission interval; see {@link MapSettings}.</td></tr>
 *   <tr><td>{@code kafka.streams.*}</td><td>{@code KAFKA_STREAMS_*}</td><td>(none)</td>
 *       <td>Raw Kafka Streams (and embedded client) properties, prefix removed, e.g.
 *       {@code kafka.streams.commit.interval.ms=100}, {@code kafka.streams.num.stream.threads=2}. Applied last,
 *       except that {@code processing.guarantee} stays {@code exactly_once_v2} unless set here.</td></tr>
 * </table>
 */
public record ScorerSettings(CommonSettings common,
                             GoldPreference goldPreference,
                             String measures,
                             int maxEdges,
                             int validationThreads,
                             long validationBudgetMs,
                             Map<String, String> streamsOverrides,
                             MapSettings maps) {

    /** The settings with the collective maps at their defaults ({@link MapSettings#DEFAULT}). */
    public ScorerSettings(CommonSettings common, GoldPreference goldPreference, String measures, int maxEdges,
                          int validationThreads, long validationBudgetMs,
                          Map<String, String> streamsOverrides) {
        this(common, goldPreference, measures, maxEdges, validationThreads, validationBudgetMs,
                streamsOverrides, MapSettings.DEFAULT);
    }

    public static final String HTTP_ADVERTISED_HOST = CommonSettings.HTTP_ADVERTISED_HOST;
    public static final String APPLICATION_ID = CommonSettings.APPLICATION_ID;
    public static final String GOLD_PREFERENCE = "scorer.gold.preference";
    public static final String MEASURES = "scorer.measures";
    public static final String MAX_EDGES = "scorer.max.edges";
    public static final String VALIDATION_THREADS = "scorer.validation.threads";
    public static final String VALIDATION_BUDGET_MS = "scorer.validation.budget.ms";
    public static final String STREAMS_PREFIX = "kafka.streams.";

    public static final int DEFAULT_HTTP_PORT = 7072;
    public static final String DEFAULT_APPLICATION_ID = "scorer-service";
    public static final int DEFAULT_MAX_EDGES = 500;
    public static final long DEFAULT_VALIDATION_BUDGET_MS = 120_000;

    public ScorerSettings {
        streamsOverrides = Map.copyOf(streamsOverrides);
        maps = maps == null ? MapSettings.DEFAULT : maps;
        if (measures == null || measures.isBlank()) {
            throw new IllegalArgumentException(MEASURES + " must name at least one measure");
        }
        if (maxEdges < 1) {
            throw new IllegalArgumentException(MAX_EDGES + " must be at least 1, got " + maxEdges);
        }
        if (validationThreads < 1) {
            throw new IllegalArgumentException(VALIDATION_THREADS + " must be at least 1, got " + validationThreads);
        }
        if (validationBudgetMs < 1) {
            throw new IllegalArgumentException(VALIDATION_BUDGET_MS + " must be at least 1, got "
                    + validationBudgetMs);
        }
    }

    public static ScorerSettings from(Config config) {
        return new ScorerSettings(
                CommonSettings.from(config, DEFAULT_APPLICATION_ID, DEFAULT_HTTP_PORT),
                GoldPreference.parse(config.get(GOLD_PREFERENCE, GoldPreference.CURATED.settingValue())),
                config.get(MEASURES, MeasureCatalog.DEFAULT_SPEC),
                config.getInt(MAX_EDGES, DEFAULT_MAX_EDGES),
                config.getInt(VALIDATION_THREADS, Runtime.getRuntime().availableProcessors()),
                config.getLong(VALIDATION_BUDGET_MS, DEFAULT_VALIDATION_BUDGET_MS),
                config.withPrefix(STREAMS_PREFIX),
                MapSettings.from(config));
    }

    public ScorerSettings withMaps(MapSettings m) {
        return new ScorerSettings(common, goldPreference, measures, maxEdges, validationThreads,
                validationBudgetMs, streamsOverrides, m);
    }

    /**
     * The longest passage text ({@link CommonSettings#PASSAGE_MAX_CHARS}, the same in every service): a longer one
     * is the extractor's to dead-letter; the scorer keeps no text for it.
     */
    public int maxPassageChars() {
        return common.passageMaxChars();
    }

    public String bootstrapServers() {
        return common.bootstrapServers();
    }

    public String schemaRegistryUrl() {
        return common.schemaRegistryUrl();
    }

    public String httpHost() {
        return common.httpHost();
    }

    public int httpPort() {
        return common.httpPort();
    }

    /** Null when not set: a single instance, no query routing. */
    public String advertisedHost() {
        return common.advertisedHost();
    }

    public String applicationId() {
        return common.applicationId();
    }

    /** Null for Kafka Streams' default. */
    public String stateDir() {
        return common.stateDir();
    }

    /** What the topology is built from. */
    public TopologySettings topology() {
        return new TopologySettings(goldPreference, maxEdges, maxPassageChars(), maps);
    }

    /** The scorer of {@link #measures()} over the built-in measures, without hooks. */
    public GraphScorer graphScorer() {
        return graphScorer(MeasureCatalog.builtIn());
    }

    /** The scorer of {@link #measures()} over a catalog (e.g. the built-ins plus the neural measures). */
    public GraphScorer graphScorer(MeasureCatalog catalog) {
        return new GraphScorer(catalog.parse(measures));
    }

    /** Every setting at its default, ignoring the process environment: for topology tests and tools. */
    public static ScorerSettings defaults() {
        return from(Config.of(Map.of()));
    }
}
