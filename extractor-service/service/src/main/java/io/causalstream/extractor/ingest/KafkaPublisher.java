package io.causalstream.extractor.ingest;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Publishes to {@code passages} and {@code extractions}, keyed by passage id, idempotently, acks=all. */
public final class KafkaPublisher implements Publisher {

    private final Producer<String, Passage> passages;
    private final Producer<String, Extraction> extractions;
    private final AtomicLong failed = new AtomicLong();
    private final AtomicReference<Exception> firstError = new AtomicReference<>();
    private final List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());

    public KafkaPublisher(String bootstrapServers, SerdeFactory serdes) {
        this(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), serdes);
    }

    /** @param connection bootstrap servers and security, e.g. {@code KafkaClients.properties(settings)} */
    public KafkaPublisher(Map<String, Object> connection, SerdeFactory serdes) {
        this(new KafkaProducer<>(producerProperties(connection), new StringSerializer(),
                        serdes.valueSerializer(Topics.PASSAGES)),
                new KafkaProducer<>(producerProperties(connection), new StringSerializer(),
                        serdes.valueSerializer(Topics.EXTRACTIONS)));
    }

    private static Map<String, Object> producerProperties(Map<String, Object> connection) {
        Map<String, Object> props = new HashMap<>(connection);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 10);
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "causal-stream-ingest");
        return props;
    }

    KafkaPublisher(Producer<String, Passage> passages, Producer<String, Extraction> extractions) {
        this.passages = passages;
        this.extractions = extractions;
    }

    @Override
    public void passage(Passage passage) {
        String what = "passage '" + passage.getId() + "' (" + passage.getText().length() + " characters)";
        try {
            passages.send(new ProducerRecord<>(Topics.PASSAGES.name(), passage.getId(), passage),
                    (m, e) -> done(what, e));
        } catch (RuntimeException e) { // the serializer (the registry) or the producer refused it before sending
            done(what, e);
        }
    }

    @Override
    public void annotation(Extraction extraction) {
        String what = "annotation '" + extraction.getAnnotationId() + "' of passage '" + extraction.getPassageId()
                + "'";
        try {
            extractions.send(new ProducerRecord<>(Topics.EXTRACTIONS.name(), extraction.getPassageId(), extraction),
                    (m, e) -> done(what, e));
        } catch (RuntimeException e) {
            done(what, e);
        }
    }

    private void done(String what, Exception error) {
        if (error != null) {
            failed.incrementAndGet();
            firstError.compareAndSet(null, error);
            if (failures.size() < MAX_REASONS) {
                failures.add(what + " not published: " + reason(error));
            }
        }
    }

    /** Why a record was not published, in a line: the broker's size limit named, never a stack trace. */
    static String reason(Exception error) {
        if (error instanceof RecordTooLargeException || error instanceof RecordBatchTooLargeException) {
            return "larger than the broker accepts (" + error.getMessage() + "; the producer's max.request.size "
                    + "and the broker's message.max.bytes are about 1 MB by default): split the text, e.g. "
                    + "--unit paragraphs";
        }
        return io.causalstream.deadletter.DeadLetters.reason(error);
    }

    @Override
    public List<String> failures() {
        synchronized (failures) {
            return List.copyOf(failures);
        }
    }

    @Override
    public long flush() {
        passages.flush();
        extractions.flush();
        return failed.get();
    }

    public Exception firstError() {
        return firstError.get();
    }

    @Override
    public void close() {
        passages.close();
        extractions.close();
    }
}
