package io.causalstream.extractor.pipeline;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.extractor.backend.LanguageSupport;
import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.schemas.passage.Passage;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * The first step of a {@link PassagePipeline} batch: each record decoded and checked. A record the registry cannot
 * be asked about now throws (the batch is retried); every other is accepted, reported (an unsupported language)
 * or rejected with the reason its dead letter carries.
 */
final class RecordTriage {

    /** The dead-letter reason label of a passage in an unsupported language. */
    static final String UNSUPPORTED_LANGUAGE = "unsupported_language";

    private final Deserializer<Passage> passages;
    private final int maxPassageChars;
    private final LanguageSupport.Policy unsupportedLanguage;

    RecordTriage(Deserializer<Passage> passages, int maxPassageChars, LanguageSupport.Policy unsupportedLanguage) {
        this.passages = passages;
        this.maxPassageChars = maxPassageChars;
        this.unsupportedLanguage = unsupportedLanguage;
    }

    sealed interface Item {
        ConsumerRecord<byte[], byte[]> record();
    }

    record Accepted(ConsumerRecord<byte[], byte[]> record, Passage passage) implements Item {
    }

    /** A passage in a language the extractors do not read: published as an empty extraction saying so. */
    record Unsupported(ConsumerRecord<byte[], byte[]> record, Passage passage, ParseProblem problem)
            implements Item {
    }

    /** @param reason why, its code the dead-letter reason label (undecodable, unknown_schema_id, invalid, ...) */
    record Rejected(ConsumerRecord<byte[], byte[]> record, InvalidRecordException reason) implements Item {
    }

    /** What {@code record} is: a passage to extract, one in an unsupported language, or one to dead-letter. */
    Item of(ConsumerRecord<byte[], byte[]> record) {
        String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
        Passage passage;
        try {
            passage = passages.deserialize(record.topic(), record.headers(), record.value());
        } catch (RuntimeException e) {
            if (TransientFailures.isTransient(e)) {
                throw e; // the registry is unreachable: retry the batch rather than dead-letter good records
            }
            String code = DeadLetters.code(e); // unknown_schema_id, when the registry does not have the schema id
            return new Rejected(record, new InvalidRecordException(code == null ? InvalidRecordException.UNDECODABLE : code,
                    "value is not a Passage in the registry's Avro wire format", e));
        }
        Optional<String> problem = PassageValidation.problem(key, passage, maxPassageChars);
        if (problem.isPresent()) {
            return new Rejected(record, new InvalidRecordException(problem.get()));
        }
        Optional<ParseProblem> language = LanguageSupport.unsupported(passage.getText());
        if (language.isEmpty()) {
            return new Accepted(record, passage);
        }
        if (unsupportedLanguage == LanguageSupport.Policy.DLQ) {
            return new Rejected(record, new InvalidRecordException(UNSUPPORTED_LANGUAGE, "passage '"
                    + passage.getId() + "' is in an unsupported " + language.get().detail() + " ("
                    + LanguageSupport.SETTING + "=dlq)", null));
        }
        return new Unsupported(record, passage, language.get());
    }
}
