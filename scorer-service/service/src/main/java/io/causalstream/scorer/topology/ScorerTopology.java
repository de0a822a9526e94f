package io.causalstream.scorer.topology;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.app.ScorerSettings;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The scorer's Kafka Streams topology, Processor API:
 *
 * <pre>
 *   extractions ────────► score-extraction ─────────┐
 *   gold-graphs ────────► apply-gold-graph ─────────┤
 *   tournament-winners ─► apply-tournament-winner ──┼──► scored-graphs
 *   passages ───────────► apply-passage ────────────┘
 *                 all four read and write the stores
 *                 extractions-by-passage, gold-by-passage, scores-by-passage, passages-by-id
 * </pre>
 *
 * Gold can arrive before or after a passage's extractions, and can change (a new curated reference, a new
 * tournament leader), so both sides are kept in persistent stores, keyed by {@code passageId + U+0000 + ...}
 * (the passage store by passageId alone):
 * <ul>
 *   <li>{@value #EXTRACTIONS_STORE}: {@code passageId, annotationId -> Extraction} (latest per annotation);</li>
 *   <li>{@value #GOLD_STORE}: {@code passageId, origin (CURATED|TOURNAMENT) -> GoldGraph}, the effective gold is
 *       chosen by {@link GoldPreference};</li>
 *   <li>{@value #SCORES_STORE}: {@code passageId, annotationId -> ScoredGraph}, the latest score of each
 *       annotation against the current gold, for interactive queries;</li>
 *   <li>{@value #PASSAGES_STORE}: {@code passageId -> Passage}, the text edge validation reads.</li>
 * </ul>
 * An extraction is scored on arrival when its passage has gold; when the effective gold of a passage changes, every
 * stored extraction of it is re-scored; when the passage text arrives or changes and the scorer's hooks read it,
 * likewise. No gold, no output. Every measure of {@code scorer.measures} gives one {@code MeasureScore}. Records
 * that break the contract (key not the passageId, blank ids, more than {@code scorer.max.edges} edges) go to their
 * topic's dead-letter topic. All input topics are keyed by passageId and must be co-partitioned (same partition
 * count), which the contract guarantees; the four sources share one sub-topology because they share the stores.
 */
public final class ScorerTopology {

    public static final String EXTRACTIONS_SOURCE = "extractions-source";
    public static final String GOLD_GRAPHS_SOURCE = "gold-graphs-source";
    public static final String TOURNAMENT_WINNERS_SOURCE = "tournament-winners-source";
    public static final String PASSAGES_SOURCE = "passages-source";
    public static final String SCORE_EXTRACTION = "score-extraction";
    public static final String APPLY_GOLD_GRAPH = "apply-gold-graph";
    public static final String APPLY_TOURNAMENT_WINNER = "apply-tournament-winner";
    public static final String APPLY_PASSAGE = "apply-passage";
    public static final String SCORED_GRAPHS_SINK = "scored-graphs-sink";

    public static final String EXTRACTIONS_STORE = "extractions-by-passage";
    public static final String GOLD_STORE = "gold-by-passage";
    public static final String SCORES_STORE = "scores-by-passage";
    public static final String PASSAGES_STORE = "passages-by-id";

    public static Topology build(ScorerSettings settings, SerdeFactory serdes) {
        return build(settings, serdes, ScoringObserver.NONE);
    }

    /** The topology with the measures of {@code scorer.measures} and no hooks. */
    public static Topology build(ScorerSettings settings, SerdeFactory serdes, ScoringObserver observer) {
        return build(settings, serdes, observer, settings.graphScorer());
    }

    /** The topology around a given scorer (measures and hooks already chosen). */
    public static Topology build(ScorerSettings settings, SerdeFactory serdes, ScoringObserver observer,
                                 GraphScorer scorer) {
        GoldPreference preference = settings.goldPreference();
        int maxEdges = settings.maxEdges();
        Serde<String> keys = SerdeFactory.key();
        Topology topology = new Topology();

        topology.addSource(EXTRACTIONS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.EXTRACTIONS), Topics.EXTRACTIONS.name());
        topology.addSource(GOLD_GRAPHS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.GOLD_GRAPHS), Topics.GOLD_GRAPHS.name());
        topology.addSource(TOURNAMENT_WINNERS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.TOURNAMENT_WINNERS), Topics.TOURNAMENT_WINNERS.name());
        topology.addSource(PASSAGES_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.PASSAGES), Topics.PASSAGES.name());

        topology.addProcessor(SCORE_EXTRACTION,
                () -> new ExtractionProcessor(scorer, preference, observer, maxEdges), EXTRACTIONS_SOURCE);
        topology.addProcessor(APPLY_GOLD_GRAPH,
                () -> GoldProcessor.forGoldGraphs(Topics.GOLD_GRAPHS.name(), scorer, preference, observer,
                        maxEdges),
                GOLD_GRAPHS_SOURCE);
        topology.addProcessor(APPLY_TOURNAMENT_WINNER,
                () -> GoldProcessor.forTournamentWinners(Topics.TOURNAMENT_WINNERS.name(), scorer, preference,
                        observer, maxEdges),
                TOURNAMENT_WINNERS_SOURCE);
        topology.addProcessor(APPLY_PASSAGE,
                () -> new PassageProcessor(scorer, preference, observer), PASSAGES_SOURCE);

        String[] processors = {SCORE_EXTRACTION, APPLY_GOLD_GRAPH, APPLY_TOURNAMENT_WINNER, APPLY_PASSAGE};
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(EXTRACTIONS_STORE),
                keys, serdes.value(Topics.EXTRACTIONS)), processors);
        topology.addStateStore(Stores.<String, GoldGraph>keyValueStoreBuilder(
                Stores.persistentKeyValueStore(GOLD_STORE), keys, serdes.value(Topics.GOLD_GRAPHS)), processors);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SCORES_STORE),
                keys, serdes.value(Topics.SCORED_GRAPHS)), processors);
        topology.addStateStore(Stores.<String, Passage>keyValueStoreBuilder(
                Stores.persistentKeyValueStore(PASSAGES_STORE), keys, serdes.value(Topics.PASSAGES)), processors);

        topology.addSink(SCORED_GRAPHS_SINK, Topics.SCORED_GRAPHS.name(), keys.serializer(),
                serdes.valueSerializer(Topics.SCORED_GRAPHS), processors);
        return topology;
    }

    /** The key prefix shared by every entry of one passage in the stores, for prefix scans (e.g. queries). */
    public static String passageKeyPrefix(String passageId) {
        return StoreKeys.passagePrefix(passageId);
    }

    private ScorerTopology() {
    }
}
