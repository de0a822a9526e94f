package io.causalstream.scorer.topology;

import io.causalstream.schemas.gold.GoldGraph;
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
 *   gold-graphs ────────► apply-gold-graph ─────────┼──► scored-graphs
 *   tournament-winners ─► apply-tournament-winner ──┘
 *                 all three read and write the stores
 *                 extractions-by-passage, gold-by-passage, scores-by-passage
 * </pre>
 *
 * Gold can arrive before or after a passage's extractions, and can change (a new curated reference, a new
 * tournament leader), so both sides are kept in persistent stores, all keyed by {@code passageId + U+0000 + ...}:
 * <ul>
 *   <li>{@value #EXTRACTIONS_STORE}: {@code passageId, annotationId -> Extraction} (latest per annotation);</li>
 *   <li>{@value #GOLD_STORE}: {@code passageId, origin (CURATED|TOURNAMENT) -> GoldGraph}, the effective gold is
 *       chosen by {@link GoldPreference};</li>
 *   <li>{@value #SCORES_STORE}: {@code passageId, annotationId -> ScoredGraph}, the latest score of each
 *       annotation against the current gold, for interactive queries.</li>
 * </ul>
 * An extraction is scored on arrival when its passage has gold; when the effective gold of a passage changes, every
 * stored extraction of it is re-scored. No gold, no output. All input topics are keyed by passageId and must be
 * co-partitioned (same partition count), which the contract guarantees; the three sources share one sub-topology
 * because they share the stores.
 */
public final class ScorerTopology {

    public static final String EXTRACTIONS_SOURCE = "extractions-source";
    public static final String GOLD_GRAPHS_SOURCE = "gold-graphs-source";
    public static final String TOURNAMENT_WINNERS_SOURCE = "tournament-winners-source";
    public static final String SCORE_EXTRACTION = "score-extraction";
    public static final String APPLY_GOLD_GRAPH = "apply-gold-graph";
    public static final String APPLY_TOURNAMENT_WINNER = "apply-tournament-winner";
    public static final String SCORED_GRAPHS_SINK = "scored-graphs-sink";

    public static final String EXTRACTIONS_STORE = "extractions-by-passage";
    public static final String GOLD_STORE = "gold-by-passage";
    public static final String SCORES_STORE = "scores-by-passage";

    public static Topology build(ScorerSettings settings, SerdeFactory serdes) {
        return build(settings, serdes, ScoringObserver.NONE);
    }

    public static Topology build(ScorerSettings settings, SerdeFactory serdes, ScoringObserver observer) {
        GraphScorer scorer = GraphScorer.defaults();
        GoldPreference preference = settings.goldPreference();
        Serde<String> keys = SerdeFactory.key();
        Topology topology = new Topology();

        topology.addSource(EXTRACTIONS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.EXTRACTIONS), Topics.EXTRACTIONS.name());
        topology.addSource(GOLD_GRAPHS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.GOLD_GRAPHS), Topics.GOLD_GRAPHS.name());
        topology.addSource(TOURNAMENT_WINNERS_SOURCE, keys.deserializer(),
                serdes.valueDeserializer(Topics.TOURNAMENT_WINNERS), Topics.TOURNAMENT_WINNERS.name());

        topology.addProcessor(SCORE_EXTRACTION,
                () -> new ExtractionProcessor(scorer, preference, observer), EXTRACTIONS_SOURCE);
        topology.addProcessor(APPLY_GOLD_GRAPH,
                () -> GoldProcessor.forGoldGraphs(Topics.GOLD_GRAPHS.name(), scorer, preference, observer),
                GOLD_GRAPHS_SOURCE);
        topology.addProcessor(APPLY_TOURNAMENT_WINNER,
                () -> GoldProcessor.forTournamentWinners(Topics.TOURNAMENT_WINNERS.name(), scorer, preference,
                        observer),
                TOURNAMENT_WINNERS_SOURCE);

        String[] processors = {SCORE_EXTRACTION, APPLY_GOLD_GRAPH, APPLY_TOURNAMENT_WINNER};
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(EXTRACTIONS_STORE),
                keys, serdes.value(Topics.EXTRACTIONS)), processors);
        topology.addStateStore(Stores.<String, GoldGraph>keyValueStoreBuilder(
                Stores.persistentKeyValueStore(GOLD_STORE), keys, serdes.value(Topics.GOLD_GRAPHS)), processors);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SCORES_STORE),
                keys, serdes.value(Topics.SCORED_GRAPHS)), processors);

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
