package io.causalstream.deploy.demo;

import io.causalstream.deploy.tools.TopicSnapshot;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the sample: passages (the extractor annotates them), the ten annotations (as extractions) and then the
 * judgments. Annotations go first so the Elo service knows every player before the first judgment.
 *
 * <p>Publishing is idempotent: a record of the sample that its topic already holds (the same passage id; the same
 * passage and annotation id; the same judgment id) is not sent again, so a restarted demo on the same data
 * directory does not publish the sample twice (which would re-validate and re-publish every annotation's scored
 * graph), and a run killed half-way through publishing completes what is missing.
 */
public final class SamplePublisher {

    private static final Logger log = LoggerFactory.getLogger(SamplePublisher.class);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    private final Map<String, Object> connection;
    private final SerdeFactory serdes;

    public SamplePublisher(String bootstrapServers, SerdeFactory serdes) {
        this(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), serdes);
    }

    /** @param connection bootstrap servers and security, e.g. {@code KafkaClients.properties(settings)} */
    public SamplePublisher(Map<String, Object> connection, SerdeFactory serdes) {
        this.connection = Map.copyOf(connection);
        this.serdes = serdes;
    }

    /** Records sent and records already there, per topic. */
    public record Published(Topic<?> topic, int sent, int alreadyThere) {
    }

    public List<Published> publish(SampleData data) {
        return List.of(
                send(Topics.PASSAGES, data.passages(), Passage::getId, Passage::getId),
                send(Topics.EXTRACTIONS, data.annotations(), Extraction::getPassageId,
                        e -> e.getPassageId() + "\u0000" + e.getAnnotationId()),
                send(Topics.JUDGMENTS, data.judgments(), Judgment::getPassageId, Judgment::getJudgmentId));
    }

    private <V extends SpecificRecord> Published send(Topic<V> topic, List<V> records, Function<V, String> key,
                                                     Function<V, String> identity) {
        Set<String> there = identities(topic, identity);
        List<V> missing = records.stream().filter(r -> !there.contains(identity.apply(r))).toList();
        Map<String, Object> props = new java.util.HashMap<>(connection);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        if (!missing.isEmpty()) {
            try (var producer = new KafkaProducer<>(props, new StringSerializer(), serdes.valueSerializer(topic))) {
                for (V r : missing) {
                    producer.send(new ProducerRecord<>(topic.name(), key.apply(r), r));
                }
                producer.flush();
            }
        }
        log.info("published {} records to {} ({} of the sample already there)", missing.size(), topic,
                records.size() - missing.size());
        return new Published(topic, missing.size(), records.size() - missing.size());
    }

    /** The identities of the records {@code topic} holds now, read from its beginning to its current end. */
    private <V extends SpecificRecord> Set<String> identities(Topic<V> topic, Function<V, String> identity) {
        Set<String> out = new HashSet<>();
        TopicSnapshot.forEach(connection, topic.name(),
                new StringDeserializer(), serdes.valueDeserializer(topic), READ_TIMEOUT, r -> {
                    if (r.value() != null) {
                        out.add(identity.apply(r.value()));
                    }
                });
        return out;
    }
}
