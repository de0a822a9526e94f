package io.causalstream.scorer.topology;

import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.scoring.GraphScorer;
import org.apache.kafka.streams.processor.api.Record;

/**
 * An extraction arrives: remember it (a gold may come, or change, later) and score it against the passage's current
 * effective gold. Without gold nothing is emitted yet: a score needs a reference, and the extraction is scored as
 * soon as one arrives.
 */
final class ExtractionProcessor extends ScoringProcessor<Extraction> {

    private final int maxEdges;

    ExtractionProcessor(GraphScorer scorer, GoldPreference preference, ScoringObserver observer, int maxEdges) {
        super(scorer, preference, observer);
        this.maxEdges = maxEdges;
    }

    @Override
    public void process(Record<String, Extraction> record) {
        Extraction extraction = record.value();
        if (extraction == null) {
            throw new InvalidRecordException("an extraction record must have a value (extractions is not compacted)");
        }
        RecordRules.requireId("passageId", extraction.getPassageId());
        RecordRules.requireId("annotationId", extraction.getAnnotationId());
        RecordRules.requireKeyIsPassageId(record.key(), extraction.getPassageId());
        RecordRules.requireAtMostEdges("the extraction", extraction.getTriples().size(), maxEdges);

        state.putExtraction(extraction);
        GoldGraph gold = state.effectiveGold(extraction.getPassageId());
        if (gold != null) {
            scoreAndEmit(extraction, gold, record);
        }
    }
}
