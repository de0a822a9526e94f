package io.causalstream.extractor.ingest;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Publishes to {@code passages} and {@code extractions}, keyed by passage id, idempotently, acks=all. */
public final class KafkaPublisher implements Publisher {

    private final KafkaProducer<String, Passage> passages;
    private final KafkaProducer<String, Extraction> extractions;
    private final AtomicLong failed = new AtomicLong();
    private final AtomicReference<Exception> firstError = new AtomicReference<>();

    public KafkaPublisher(String bootstrapServers, SerdeFactory serdes) {
        this(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), serdes);
    }

    /** @param connection bootstrap servers and security, e.g. {@code KafkaClients.properties(settings)} */
    public KafkaPublisher(Map<String, Object> connection, SerdeFactory serdes) {
        Map<String, Object> props = new HashMap<>(connection);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 10);
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "causal-stream-ingest");
        this.passages = new KafkaProducer<>(props, new StringSerializer(), serdes.valueSerializer(Topics.PASSAGES));
        this.extractions = new KafkaProducer<>(props, new StringSerializer(),
                serdes.valueSerializer(Topics.EXTRACTIONS));
    }

    @Override
    public void passage(Passage passage) {
        passages.send(new ProducerRecord<>(Topics.PASSAGES.name(), passage.getId(), passage), this::done);
    }

    @Override
    public void annotation(Extraction extraction) {
        extractions.send(new ProducerRecord<>(Topics.EXTRACTIONS.name(), extraction.getPassageId(), extraction),
                this::done);
    }

    private void done(Object metadata, Exception error) {
        if (error != null) {
            failed.incrementAndGet();
            firstError.compareAndSet(null, error);
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
