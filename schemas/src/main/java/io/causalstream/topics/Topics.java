package io.causalstream.topics;

import io.causalstream.schemas.alignment.MeasureAlignment;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.tournament.Tournament;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;

/** Every topic of the contract (shared/ARCHITECTURE.md), in one place. */
public final class Topics {

    public static final String DEAD_LETTER_SUFFIX = ".dlq";

    public static final Topic<Passage> PASSAGES = new Topic<>("passages", Passage.class, false);
    public static final Topic<Extraction> EXTRACTIONS = new Topic<>("extractions", Extraction.class, false);
    public static final Topic<GoldGraph> GOLD_GRAPHS = new Topic<>("gold-graphs", GoldGraph.class, true);
    public static final Topic<ScoredGraph> SCORED_GRAPHS = new Topic<>("scored-graphs", ScoredGraph.class, false);
    public static final Topic<Judgment> JUDGMENTS = new Topic<>("judgments", Judgment.class, false);
    public static final Topic<Tournament> RATINGS = new Topic<>("ratings", Tournament.class, true);
    public static final Topic<GoldGraph> TOURNAMENT_WINNERS = new Topic<>("tournament-winners", GoldGraph.class, true);
    public static final Topic<MeasureAlignment> MEASURE_ALIGNMENT =
            new Topic<>("measure-alignment", MeasureAlignment.class, true);
    /**
     * The scorer's repartition of its per-passage {@code measure-alignment} records by measure (key = measure), so
     * that one task sees every passage of a measure and can write the measure's ALL record. Not compacted: the
     * key is shared by all passages of a measure.
     */
    public static final Topic<MeasureAlignment> MEASURE_ALIGNMENT_BY_MEASURE =
            new Topic<>("measure-alignment-by-measure", MeasureAlignment.class, false);
    /**
     * Collective fuzzy cognitive maps aggregated from {@code scored-graphs} by the scorer (key = map id, e.g.
     * {@code all}); compacted: the latest snapshot of each map.
     */
    public static final Topic<CollectiveMap> CAUSAL_MAPS = new Topic<>("causal-maps", CollectiveMap.class, true);
    /**
     * The scorer's repartition of {@code scored-graphs} by map id (key = map id), so that one task owns each map.
     * Not compacted: the key is shared by every scored graph of a map.
     */
    public static final Topic<ScoredGraph> SCORED_GRAPHS_BY_MAP =
            new Topic<>("scored-graphs-by-map", ScoredGraph.class, false);

    /** Topics somebody outside the system writes to; each has a dead-letter topic. */
    public static final List<Topic<? extends SpecificRecord>> INPUTS =
            List.of(PASSAGES, EXTRACTIONS, GOLD_GRAPHS, JUDGMENTS, TOURNAMENT_WINNERS);

    public static final List<Topic<? extends SpecificRecord>> ALL = List.of(
            PASSAGES, EXTRACTIONS, GOLD_GRAPHS, SCORED_GRAPHS, JUDGMENTS, RATINGS, TOURNAMENT_WINNERS,
            MEASURE_ALIGNMENT, MEASURE_ALIGNMENT_BY_MEASURE, CAUSAL_MAPS, SCORED_GRAPHS_BY_MAP);

    /** All topic names the local runtime and the tests create: the topics and the dead-letter topics. */
    public static List<String> allNamesWithDeadLetters() {
        var names = new java.util.ArrayList<String>();
        ALL.forEach(t -> names.add(t.name()));
        INPUTS.forEach(t -> names.add(t.deadLetterTopic()));
        return List.copyOf(names);
    }

    private Topics() {
    }
}
