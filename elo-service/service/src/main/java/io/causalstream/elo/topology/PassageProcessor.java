package io.causalstream.elo.topology;

import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.schemas.passage.Passage;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/** Keeps each passage's text, which the rater page shows above the two annotations. */
final class PassageProcessor implements Processor<String, Passage, Void, Void> {

    private final int maxChars;
    private KeyValueStore<String, Passage> passages;

    PassageProcessor(int maxChars) {
        this.maxChars = maxChars;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        this.passages = context.getStateStore(EloTopology.PASSAGES_STORE);
    }

    @Override
    public void process(Record<String, Passage> record) {
        Passage passage = record.value();
        if (passage == null) {
            return;
        }
        if (passage.getId() == null || passage.getId().isBlank() || !passage.getId().equals(record.key())) {
            throw new InvalidRecordException("passage with key '" + record.key() + "': id '" + passage.getId()
                    + "' must be the record key (passages are keyed by id)");
        }
        if (passage.getText().length() > maxChars) {
            // the extractor, which reads passages first, dead-letters it (once) with the limit in the reason;
            // without its text the rater page does not offer its pairs
            passages.delete(passage.getId());
            return;
        }
        passages.put(passage.getId(), passage);
    }
}
