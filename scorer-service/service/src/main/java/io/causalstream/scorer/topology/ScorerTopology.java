package io.causalstream.scorer.topology;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.maps.MapAggregateProcessor;
import io.causalstream.scorer.maps.MapKeyProcessor;
import io.causalstream.scorer.maps.MapSettings;
import io.causalstream.scorer.maps.MapStores;
import io.causalstream.scorer.maps.MapWiring;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.scorer.validate.ValidationWorkers;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The scorer's Kafka Streams topology, Processor API, in two stages:
 *
 * <pre>
 *   extractions ─┐
 *                ├─► validate ──► score ──────────────────┐
 *   passages ────┘   (workers)                           │
 *   gold-graphs ────────► apply-gold-graph ──────────────┼──► scored-graphs
 *   tournament-winners ─► apply-tournament-winner ───────┘
 *                                   │ (scored graphs)
 *   ratings ──────────────────► align ──► measure-alignment          (passageId|measure)
 *                                     └─► measure-alignment-by-measure ─► align-all ─► measure-alignment (ALL|measure)
 *
 *   scored-graphs ─► map-keys ─► scored-graphs-by-map ─► aggregate-maps ─► causal-maps   (key: map id)
 *                 (passages-by-id)                      (causal-map-* stores; wall-clock punctuator)
 *
 *   validate reads and writes  extractions-by-passage, passages-by-id, validated-by-passage, verifier-answers
 *   score and the gold nodes   validated-by-passage, gold-by-passage, scores-by-passage
 *   align                      tournaments-by-passage, alignment-by-passage (reads gold-by-passage, scores-by-passage)
 *   align-all                  alignment-by-measure (second sub-topology, keyed by measure)
 * </pre>
 *
 * <b>Validate</b> ({@link ValidateProcessor}) joins each extraction with its passage's text and validates it once
 * (CESAR strength, staged validation) on {@link ValidationWorkers}, off the stream thread; its result, the graph
 * without gold, is kept in {@value #VALIDATED_STORE}. <b>Score</b> ({@link ScoreProcessor}) scores a validated graph
 * against the passage's effective gold, or publishes it as it is (empty scores, no gold id) while the passage has
 * none. A gold change re-scores the passage's validated graphs and never re-runs validation.
 *
 * <p>So every extraction appears on {@code scored-graphs}: once validated (as soon as its passage text is there;
 * with validation off, or before the text arrives, at once with UNCHECKED edges), and again whenever the passage's
 * effective gold changes (a new curated reference, a new tournament leader, or the last gold gone). Stores, keyed
 * by {@code passageId + U+0000 + ...} (the passage store by passageId alone):
 * <ul>
 *   <li>{@value #EXTRACTIONS_STORE}: {@code passageId, annotationId -> Extraction} (latest per annotation);</li>
 *   <li>{@value #PASSAGES_STORE}: {@code passageId -> Passage}, the text validation reads;</li>
 *   <li>{@value #VALIDATED_STORE}: {@code passageId, annotationId -> ScoredGraph} without gold, the validate
 *       stage's result; an annotation with an extraction and a text but no entry here is pending;</li>
 *   <li>{@value #GOLD_STORE}: {@code passageId, origin (CURATED|TOURNAMENT) -> GoldGraph}, the effective gold is
 *       chosen by {@link GoldPreference};</li>
 *   <li>{@value #SCORES_STORE}: {@code passageId, annotationId -> ScoredGraph}, the latest published result of each
 *       annotation, for interactive queries;</li>
 *   <li>{@value #VERIFIER_ANSWERS_STORE}: {@code verifier, cause, effect -> answer}, the LLM verifier's answers
 *       (validate only), so that a restart does not ask again.</li>
 * </ul>
 * <b>Measure alignment</b> ({@link AlignmentProcessor}, {@link AlignmentSummaryProcessor}): the {@code ratings}
 * topic (Tournament per passage, co-partitioned) and every scored graph update each measure's Spearman agreement
 * with the human ranking per passage, emitted on {@code measure-alignment} with key {@code passageId|measure}
 * ({@link #alignmentKey}); repartitioned by measure through {@code measure-alignment-by-measure}, a second
 * sub-topology averages the latest per-passage values into {@code ALL|measure} with a Student-t 95% interval.
 * Further stores:
 * <ul>
 *   <li>{@value #TOURNAMENTS_STORE}: {@code passageId -> Tournament}, the latest rating table;</li>
 *   <li>{@value #ALIGNMENT_STORE}: {@code passageId, measure -> MeasureAlignment}, the last value emitted;</li>
 *   <li>{@value #ALIGNMENT_BY_MEASURE_STORE}: {@code measure, passageId -> MeasureAlignment}, what ALL averages.</li>
 * </ul>
 * <b>Collective maps</b> ({@code scorer.maps.*}, on by default; {@link MapKeyProcessor},
 * {@link MapAggregateProcessor}): every record of {@code scored-graphs} is keyed by the map(s) it belongs to (one
 * map {@code all}, per annotator kind, per passage attribute read from {@value #PASSAGES_STORE}, or a configured
 * key), repartitioned through {@code scored-graphs-by-map}, and aggregated by the FCM library in a third
 * sub-topology; changed maps go to {@code causal-maps} on a wall-clock punctuator. Its stores are in
 * {@link MapStores}.
 *
 * <p>Records that break the contract (key not the passageId, blank ids, more than {@code scorer.max.edges} edges, a
 * ...) go to their topic's dead-letter topic. All input topics are
 * keyed by passageId and co-partitioned (the contract), so the nodes share one sub-topology and its stores.
 */
public final class ScorerTopology {

    public static final String EXTRACTIONS_SOURCE = "extractions-source";
    public static final String GOLD_GRAPHS_SOURCE = "gold-graphs-source";
    public static final String TOURNAMENT_WINNERS_SOURCE = "tournament-winners-source";
    public static final String PASSAGES_SOURCE = "passages-source";
    public static final String VALIDATE = "validate";
    public static final String SCORE = "score";
    public static final String APPLY_GOLD_GRAPH = "apply-gold-graph";
    public static final String APPLY_TOURNAMENT_WINNER = "apply-tournament-winner";
    public static final String SCORED_GRAPHS_SINK = "scored-graphs-sink";
    public static final String RATINGS_SOURCE = "ratings-source";
    public static final String ALIGN = "align";
    public static final String MEASURE_ALIGNMENT_SINK = "measure-alignment-sink";
    public static final String ALIGNMENT_BY_MEASURE_SINK = "measure-alignment-by-measure-sink";
    public static final String ALIGNMENT_BY_MEASURE_SOURCE = "measure-alignment-by-measure-source";
    public static final String ALIGN_ALL = "align-all";
    public static final String MEASURE_ALIGNMENT_ALL_SINK = "measure-alignment-all-sink";
    public static final String SCORED_GRAPHS_SOURCE = "scored-graphs-source";
    public static final String MAP_KEYS = "map-keys";
    public static final String SCORED_GRAPHS_BY_MAP_SINK = "scored-graphs-by-map-sink";
    public static final String SCORED_GRAPHS_BY_MAP_SOURCE = "scored-graphs-by-map-source";
    public static final String AGGREGATE_MAPS = "aggregate-maps";
    public static final String CAUSAL_MAPS_SINK = "causal-maps-sink";

    public static final String EXTRACTIONS_STORE = "extractions-by-passage";
    public static final String PASSAGES_STORE = "passages-by-id";
    public static final String VALIDATED_STORE = "validated-by-passage";
    public static final String GOLD_STORE = "gold-by-passage";
    public static final String SCORES_STORE = "scores-by-passage";
    public static final String VERIFIER_ANSWERS_STORE = "verifier-answers";
    public static final String TOURNAMENTS_STORE = "tournaments-by-passage";
    public static final String ALIGNMENT_STORE = "alignment-by-passage";
    public static final String ALIGNMENT_BY_MEASURE_STORE = "alignment-by-measure";

    /**
     * The topology around a given scorer, validating on the stream thread ({@link ValidationWorkers#inline}): for
     * topology tests and tools, where results should follow their input at once.
     */
    public static Topology build(TopologySettings settings, SerdeFactory serdes, ScoringObserver observer,
                                 GraphScorer scorer) {
        return build(settings, serdes, observer, scorer, ValidationWorkers.inline(scorer));
    }

    /**
     * The topology around a given scorer (measures and hooks chosen) and the workers that validate for it; the
     * collective maps resolve concepts by text only.
     */
    public static Topology build(TopologySettings settings, SerdeFactory serdes, ScoringObserver observer,
                                 GraphScorer scorer, ValidationWorkers workers) {
        return build(settings, serdes, observer, scorer, workers, MapWiring.textOnly());
    }

    /**
     * The whole topology: a given scorer and its validation workers, and the collective maps' concept similarity
     * and meters.
     */
    public static Topology build(TopologySettings settings, SerdeFactory serdes, ScoringObserver observer,
                                 GraphScorer scorer, ValidationWorkers workers, MapWiring maps) {
        GoldPreference preference = settings.goldPreference();
        int maxEdges = settings.maxEdges();
        Serde<String> keys = SerdeFactory.key();
        Topology topology = new Topology();

        topology.addSource(EXTRACTIONS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.EXTRACTIONS), Topics.EXTRACTIONS.name());
        topology.addSource(PASSAGES_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.PASSAGES), Topics.PASSAGES.name());
        topology.addSource(GOLD_GRAPHS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.GOLD_GRAPHS), Topics.GOLD_GRAPHS.name());
        topology.addSource(TOURNAMENT_WINNERS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.TOURNAMENT_WINNERS), Topics.TOURNAMENT_WINNERS.name());
        topology.addSource(RATINGS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.RATINGS), Topics.RATINGS.name());

        // stage 1: validate (extractions joined with passage text)
        topology.addProcessor(VALIDATE, () -> new ValidateProcessor(scorer, workers, preference, maxEdges,
                settings.maxPassageChars()), EXTRACTIONS_SOURCE, PASSAGES_SOURCE);
        // stage 2: score (validated graphs joined with the passage's effective gold)
        topology.addProcessor(SCORE, () -> ScoreProcessor.forValidatedGraphs(scorer, preference, observer),
                VALIDATE);
        topology.addProcessor(APPLY_GOLD_GRAPH,
                () -> GoldProcessor.forGoldGraphs(Topics.GOLD_GRAPHS.name(), scorer, preference, observer,
                        maxEdges),
                GOLD_GRAPHS_SOURCE);
        topology.addProcessor(APPLY_TOURNAMENT_WINNER,
                () -> GoldProcessor.forTournamentWinners(Topics.TOURNAMENT_WINNERS.name(), scorer, preference,
                        observer, maxEdges),
                TOURNAMENT_WINNERS_SOURCE);

        // measure alignment, per passage (same sub-topology) and over all passages (repartitioned by measure)
        topology.addProcessor(ALIGN, () -> new AlignmentProcessor(preference),
                RATINGS_SOURCE, SCORE, APPLY_GOLD_GRAPH, APPLY_TOURNAMENT_WINNER);
        topology.addSink(MEASURE_ALIGNMENT_SINK, Topics.MEASURE_ALIGNMENT.name(), keys.serializer(),
                serdes.valueSerializer(Topics.MEASURE_ALIGNMENT), ALIGN);
        topology.addSink(ALIGNMENT_BY_MEASURE_SINK, Topics.MEASURE_ALIGNMENT_BY_MEASURE.name(), keys.serializer(),
                serdes.valueSerializer(Topics.MEASURE_ALIGNMENT_BY_MEASURE), ALIGN);
        topology.addSource(ALIGNMENT_BY_MEASURE_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.MEASURE_ALIGNMENT_BY_MEASURE),
                Topics.MEASURE_ALIGNMENT_BY_MEASURE.name());
        topology.addProcessor(ALIGN_ALL, AlignmentSummaryProcessor::new, ALIGNMENT_BY_MEASURE_SOURCE);
        topology.addSink(MEASURE_ALIGNMENT_ALL_SINK, Topics.MEASURE_ALIGNMENT.name(), keys.serializer(),
                serdes.valueSerializer(Topics.MEASURE_ALIGNMENT), ALIGN_ALL);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(TOURNAMENTS_STORE),
                keys, serdes.value(Topics.RATINGS)), ALIGN);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ALIGNMENT_STORE),
                keys, serdes.value(Topics.MEASURE_ALIGNMENT)), ALIGN);
        topology.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(ALIGNMENT_BY_MEASURE_STORE), keys,
                serdes.value(Topics.MEASURE_ALIGNMENT_BY_MEASURE)), ALIGN_ALL);

        // every node sees every store (one PassageState per node); who writes what is in the class comment
        String[] all = {VALIDATE, SCORE, APPLY_GOLD_GRAPH, APPLY_TOURNAMENT_WINNER, ALIGN};
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(EXTRACTIONS_STORE),
                keys, serdes.value(Topics.EXTRACTIONS)), all);
        topology.addStateStore(Stores.<String, Passage>keyValueStoreBuilder(
                Stores.persistentKeyValueStore(PASSAGES_STORE), keys, serdes.value(Topics.PASSAGES)), all);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(VALIDATED_STORE),
                keys, serdes.value(Topics.SCORED_GRAPHS)), all);
        topology.addStateStore(Stores.<String, GoldGraph>keyValueStoreBuilder(
                Stores.persistentKeyValueStore(GOLD_STORE), keys, serdes.value(Topics.GOLD_GRAPHS)), all);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SCORES_STORE),
                keys, serdes.value(Topics.SCORED_GRAPHS)), all);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(VERIFIER_ANSWERS_STORE),
                keys, Serdes.String()), VALIDATE);

        topology.addSink(SCORED_GRAPHS_SINK, Topics.SCORED_GRAPHS.name(), keys.serializer(),
                serdes.valueSerializer(Topics.SCORED_GRAPHS), SCORE, APPLY_GOLD_GRAPH, APPLY_TOURNAMENT_WINNER);

        // collective causal maps: scored graphs keyed by map id (passage attributes from the passages store),
        // repartitioned, aggregated per map, emitted on a wall-clock punctuator
        MapSettings mapSettings = settings.maps();
        if (mapSettings.enabled()) {
            topology.addSource(SCORED_GRAPHS_SOURCE, keys.deserializer(),
                    serdes.valueDeserializer(Topics.SCORED_GRAPHS), Topics.SCORED_GRAPHS.name());
            topology.addProcessor(MAP_KEYS, () -> new MapKeyProcessor(mapSettings, maps.metrics(), PASSAGES_STORE),
                    SCORED_GRAPHS_SOURCE);
            topology.connectProcessorAndStateStores(MAP_KEYS, PASSAGES_STORE);
            topology.addSink(SCORED_GRAPHS_BY_MAP_SINK, Topics.SCORED_GRAPHS_BY_MAP.name(), keys.serializer(),
                    serdes.valueSerializer(Topics.SCORED_GRAPHS_BY_MAP), MAP_KEYS);
            topology.addSource(SCORED_GRAPHS_BY_MAP_SOURCE, keys.deserializer(),
                    serdes.valueDeserializer(Topics.SCORED_GRAPHS_BY_MAP), Topics.SCORED_GRAPHS_BY_MAP.name());
            topology.addProcessor(AGGREGATE_MAPS, () -> new MapAggregateProcessor(mapSettings, maps),
                    SCORED_GRAPHS_BY_MAP_SOURCE);
            topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(
                    MapStores.CONTRIBUTIONS), keys, serdes.value(Topics.SCORED_GRAPHS)), AGGREGATE_MAPS);
            topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(
                    MapStores.RESOLUTION), keys, Serdes.String()), AGGREGATE_MAPS);
            topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(
                    MapStores.FINGERPRINTS), keys, Serdes.String()), AGGREGATE_MAPS);
            topology.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(
                    MapStores.SNAPSHOTS), keys, Serdes.String()).withLoggingDisabled(), AGGREGATE_MAPS);
            topology.addSink(CAUSAL_MAPS_SINK, Topics.CAUSAL_MAPS.name(), keys.serializer(),
                    serdes.valueSerializer(Topics.CAUSAL_MAPS), AGGREGATE_MAPS);
        }
        return topology;
    }

    /** The key of a {@code measure-alignment} record: {@code scope|measure}, scope a passageId or ALL. */
    public static String alignmentKey(String scope, String measure) {
        return scope + "|" + measure;
    }

    /** The key prefix shared by every entry of one passage in the stores, for prefix scans (e.g. queries). */
    public static String passageKeyPrefix(String passageId) {
        return StoreKeys.passagePrefix(passageId);
    }

    private ScorerTopology() {
    }
}
