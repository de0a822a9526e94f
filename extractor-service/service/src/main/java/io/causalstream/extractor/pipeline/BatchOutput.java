package io.causalstream.extractor.pipeline;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.extractor.backend.LanguageSupport;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a {@link PassagePipeline} batch writes inside its transaction: an extraction for every passage extracted or
 * reported, a dead letter for every record rejected or failed by the backend.
 */
final class BatchOutput {

    // the pipeline's logger: its lines keep the name operators filter on
    private static final Logger log = LoggerFactory.getLogger(PassagePipeline.class);

    private final Producer<byte[], byte[]> producer;
    private final Serializer<Extraction> extractions;
    private final Annotator annotator;
    private final Clock clock;
    /** The consumer group: the service's application id, named in each dead letter. */
    private final Supplier<String> groupId;

    /** @param clock the time stamped on extractions */
    BatchOutput(Producer<byte[], byte[]> producer, Serializer<Extraction> extractions, Annotator annotator,
                Clock clock, Supplier<String> groupId) {
        this.producer = producer;
        this.extractions = extractions;
        this.annotator = annotator;
        this.clock = clock;
        this.groupId = groupId;
    }

    /** What a committed batch adds to the meters: its extractions and the reason label of each dead letter. */
    record Published(List<ExtractionResult.Success> extractions, List<String> deadLetters) {
    }

    /** Publishes the batch's items in input order, {@code results} those of its accepted passages. */
    Published publish(List<RecordTriage.Item> items, Iterator<ExtractionResult> results) {
        List<ExtractionResult.Success> published = new ArrayList<>();
        List<String> deadLetters = new ArrayList<>();
        for (RecordTriage.Item item : items) {
            switch (item) {
                case RecordTriage.Rejected r -> {
                    deadLetter(r.record(), r.reason());
                    deadLetters.add(r.reason().code());
                }
                case RecordTriage.Unsupported u -> {
                    ExtractionResult.Success empty = new ExtractionResult.Success(
                            LanguageSupport.reported(u.problem()), Duration.ZERO);
                    send(u.passage(), empty);
                    published.add(empty);
                }
                case RecordTriage.Accepted a -> {
                    switch (results.next()) {
                        case ExtractionResult.Success s -> {
                            send(a.passage(), s);
                            published.add(s);
                        }
                        case ExtractionResult.Failure f -> {
                            InvalidRecordException failed = new InvalidRecordException("backend_failed",
                                    "extractor " + annotator.getId() + " failed on passage '"
                                            + a.passage().getId() + "'", f.error());
                            deadLetter(a.record(), failed);
                            deadLetters.add(failed.code());
                        }
                    }
                }
            }
        }
        return new Published(published, deadLetters);
    }

    private void send(Passage passage, ExtractionResult.Success result) {
        Extraction extraction = ExtractionRecords.of(passage.getId(), annotator, result.outcome(), result.latency(),
                clock.instant());
        // Serialized here, not in the producer, so one byte[] producer writes both extractions and dead letters.
        byte[] value = extractions.serialize(Topics.EXTRACTIONS.name(), extraction);
        producer.send(new ProducerRecord<>(Topics.EXTRACTIONS.name(),
                passage.getId().getBytes(StandardCharsets.UTF_8), value));
    }

    private void deadLetter(ConsumerRecord<byte[], byte[]> record, InvalidRecordException reason) {
        log.warn("{}-{}@{} sent to {}: {}", record.topic(), record.partition(), record.offset(),
                Topics.PASSAGES.deadLetterTopic(), DeadLetters.reason(reason));
        // the consumer group is the service's application id: the dead letter names the service that wrote it
        producer.send(DeadLetters.record(record.topic(), record.partition(), record.offset(), record.key(),
                record.value(), record.headers(), reason, groupId.get()));
    }
}
