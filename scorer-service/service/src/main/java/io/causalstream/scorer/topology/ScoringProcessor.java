package io.causalstream.scorer.topology;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.scoring.GraphScorer;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/** What both scorer processors share: the passage state and "score, remember, emit". */
abstract class ScoringProcessor<V> implements Processor<String, V, String, ScoredGraph> {

    protected final GraphScorer scorer;
    private final GoldPreference preference;
    private final ScoringObserver observer;
    private ProcessorContext<String, ScoredGraph> context;
    protected PassageState state;

    ScoringProcessor(GraphScorer scorer, GoldPreference preference, ScoringObserver observer) {
        this.scorer = scorer;
        this.preference = preference;
        this.observer = observer;
    }

    @Override
    public void init(ProcessorContext<String, ScoredGraph> context) {
        this.context = context;
        this.state = new PassageState(context, preference);
    }

    /**
     * Scores {@code extraction} against {@code gold}, keeps the result as the annotation's latest score and
     * forwards it keyed by passageId, stamped with the triggering record's timestamp (replays are deterministic).
     */
    protected void scoreAndEmit(Extraction extraction, GoldGraph gold, Record<String, ?> trigger) {
        ScoredGraph scored = scorer.score(extraction, gold, state.passageText(extraction.getPassageId()),
                Instant.ofEpochMilli(trigger.timestamp()));
        state.putScore(scored);
        context.forward(new Record<>(scored.getPassageId(), scored, trigger.timestamp()));
        observer.scored(scored);
    }
}
