package io.causalstream.scorer.topology;

import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.scorer.gold.GoldChanges;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.scoring.GraphScorer;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A gold arrives (or is deleted): keep it in the passage's slot for its origin, and when the passage's
 * <i>effective</i> gold changes (see {@link GoldChanges}), re-score every validated graph of the passage against
 * the new one (validation is not run again). A gold that does not change the effective one (e.g. a tournament winner while a curated gold is
 * preferred) is stored for later and emits nothing.
 *
 * <p>Golds are slotted by their {@code origin} field, so a tournament winner mirrored onto {@code gold-graphs}
 * lands in the same slot as the one from {@code tournament-winners}. A tombstone (both topics are compacted)
 * deletes the slot the topic owns: CURATED on {@code gold-graphs}, TOURNAMENT on {@code tournament-winners}. When a
 * passage loses its last gold, its graphs are published again without gold (empty scores, no gold id).
 */
final class GoldProcessor extends ScoreProcessor<GoldGraph> {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(GoldProcessor.class);

    /**
     * The golds one input topic carries.
     *
     * @param topic      its name, for messages
     * @param origin     the slot a tombstone on it deletes
     * @param originOnly a gold of any other origin is invalid on it
     */
    private record TopicGolds(String topic, GoldOrigin origin, boolean originOnly) {
    }

    private final String topic;
    private final GoldOrigin topicOrigin;
    private final boolean onlyTopicOrigin;
    private final int maxEdges;

    private GoldProcessor(TopicGolds golds, GraphScorer scorer, GoldPreference preference, ScoringObserver observer,
                          int maxEdges) {
        super(scorer, preference, observer);
        this.topic = golds.topic();
        this.topicOrigin = golds.origin();
        this.onlyTopicOrigin = golds.originOnly();
        this.maxEdges = maxEdges;
    }

    /** {@code gold-graphs}: curated golds, and tournament winners if someone mirrors them there. */
    static GoldProcessor forGoldGraphs(String topic, GraphScorer scorer, GoldPreference preference,
                                       ScoringObserver observer, int maxEdges) {
        return new GoldProcessor(new TopicGolds(topic, GoldOrigin.CURATED, false), scorer, preference, observer,
                maxEdges);
    }

    /** {@code tournament-winners}: only TOURNAMENT golds, published by the Elo service. */
    static GoldProcessor forTournamentWinners(String topic, GraphScorer scorer, GoldPreference preference,
                                              ScoringObserver observer, int maxEdges) {
        return new GoldProcessor(new TopicGolds(topic, GoldOrigin.TOURNAMENT, true), scorer, preference, observer,
                maxEdges);
    }

    @Override
    public void process(Record<String, GoldGraph> record) {
        GoldGraph gold = record.value();
        String passageId;
        if (gold == null) {
            RecordRules.requireId("record key", record.key());
            passageId = record.key();
        } else {
            RecordRules.requireId("passageId", gold.getPassageId());
            RecordRules.requireId("annotationId", gold.getAnnotationId());
            RecordRules.requireKeyIsPassageId(record.key(), gold.getPassageId());
            if (onlyTopicOrigin && gold.getOrigin() != topicOrigin) {
                throw new InvalidRecordException(topic + " carries " + topicOrigin + " golds only, got "
                        + gold.getOrigin());
            }
            RecordRules.requireAtMostEdges("the gold", gold.getTriples().size(), maxEdges);
            passageId = gold.getPassageId();
        }

        GoldGraph before = state.effectiveGold(passageId);
        if (gold == null) {
            state.deleteGold(passageId, topicOrigin);
        } else {
            state.putGold(gold);
        }
        GoldGraph after = state.effectiveGold(passageId);
        if (!GoldChanges.changesScores(before, after)) {
            return;
        }
        // every change of the gold that scores a passage, with its origin: an audit line and a metric
        log.info("gold of passage {} changed: {} {} -> {} {} (read from {}@{})", passageId,
                before == null ? "none" : before.getOrigin(), before == null ? "" : before.getAnnotationId(),
                after == null ? "none" : after.getOrigin(), after == null ? "" : after.getAnnotationId(), topic,
                record.timestamp());
        observer.goldChanged(passageId, before, after);
        for (ScoredGraph validated : state.validatedOf(passageId)) {
            scoreAndEmit(validated, after, record);
        }
    }
}
