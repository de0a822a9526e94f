package io.causalstream.scorer.topology;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.scoring.GraphScorer;
import java.util.Objects;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A passage arrives: keep its text (edge validation reads it). When the scorer's results depend on the text
 * ({@link GraphScorer#usesPassageText()}) and the text is new or changed, the passage's stored extractions are
 * re-scored against its current gold, so extractions that arrived before their passage get validated. With the
 * default hooks nothing depends on the text and a passage emits nothing. A tombstone forgets the text.
 */
final class PassageProcessor extends ScoringProcessor<Passage> {

    private final boolean rescoreOnText;

    PassageProcessor(GraphScorer scorer, GoldPreference preference, ScoringObserver observer) {
        super(scorer, preference, observer);
        this.rescoreOnText = scorer.usesPassageText();
    }

    @Override
    public void process(Record<String, Passage> record) {
        Passage passage = record.value();
        String passageId;
        String before;
        if (passage == null) {
            RecordRules.requireId("record key", record.key());
            passageId = record.key();
            before = state.passageText(passageId);
            state.deletePassage(passageId);
        } else {
            RecordRules.requireId("id", passage.getId());
            RecordRules.requireKeyIsPassageId(record.key(), passage.getId());
            passageId = passage.getId();
            before = state.passageText(passageId);
            state.putPassage(passage);
        }
        String after = passage == null ? null : passage.getText();
        if (!rescoreOnText || Objects.equals(before, after)) {
            return;
        }
        GoldGraph gold = state.effectiveGold(passageId);
        if (gold == null) {
            return;
        }
        for (Extraction extraction : state.extractionsOf(passageId)) {
            scoreAndEmit(extraction, gold, record);
        }
    }
}
