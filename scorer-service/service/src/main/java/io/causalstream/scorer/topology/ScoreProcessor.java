package io.causalstream.scorer.topology;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.scoring.GraphScorer;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Stage two, <b>score</b>: a freshly validated graph is scored against its passage's effective gold (or published
 * as it is while the passage has no gold), remembered as the annotation's latest result and emitted. Also the
 * base of {@link GoldProcessor}, which re-scores the stored validated graphs when the gold changes: a gold change
 * never re-runs validation.
 */
abstract class ScoreProcessor<V> implements Processor<String, V, String, ScoredGraph> {

    protected final GraphScorer scorer;
    private final GoldPreference preference;
    protected final ScoringObserver observer;
    private ProcessorContext<String, ScoredGraph> context;
    protected PassageState state;

    ScoreProcessor(GraphScorer scorer, GoldPreference preference, ScoringObserver observer) {
        this.scorer = scorer;
        this.preference = preference;
        this.observer = observer;
    }

    /** The score stage proper: its input is the validate stage's output. */
    static ScoreProcessor<ScoredGraph> forValidatedGraphs(GraphScorer scorer, GoldPreference preference,
                                                          ScoringObserver observer) {
        return new ScoreProcessor<>(scorer, preference, observer) {
            @Override
            public void process(Record<String, ScoredGraph> record) {
                ScoredGraph validated = record.value();
                scoreAndEmit(validated, state.effectiveGold(validated.getPassageId()), record);
            }
        };
    }

    @Override
    public void init(ProcessorContext<String, ScoredGraph> context) {
        this.context = context;
        this.state = new PassageState(context, preference);
    }

    /**
     * Scores {@code validated} against {@code gold} (null: no gold yet), keeps the result as the annotation's latest
     * and forwards it keyed by passageId, stamped with the triggering record's timestamp (replays are deterministic).
     */
    protected void scoreAndEmit(ScoredGraph validated, GoldGraph gold, Record<String, ?> trigger) {
        ScoredGraph scored = scorer.withGold(validated, gold, Instant.ofEpochMilli(trigger.timestamp()));
        state.putScore(scored);
        context.forward(new Record<>(scored.getPassageId(), scored, trigger.timestamp()));
        observer.scored(scored);
    }
}
