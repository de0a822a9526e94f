package io.causalstream.deploy.tools;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * What a topic holds now: every committed record from its beginning to its end as of the start of the read, for
 * one-shot tools that must know what is already there (the sample publisher, the dead-letter replay). No consumer
 * group, nothing committed. A record the deserializers cannot read is skipped: it is nothing these tools look for.
 */
public final class TopicSnapshot {

    private static final Duration METADATA_TIMEOUT = Duration.ofSeconds(30);

    private TopicSnapshot() {
    }

    /**
     * @param client  the Kafka client settings (bootstrap servers, security)
     * @param timeout how long reading to the end may take before it fails
     */
    public static <K, V> void forEach(Map<String, Object> client, String topic, Deserializer<K> keys,
                                      Deserializer<V> values, Duration timeout, Consumer<ConsumerRecord<K, V>> each) {
        Map<String, Object> props = new HashMap<>(client);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (var consumer = new KafkaConsumer<>(props, keys, values)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, METADATA_TIMEOUT).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, METADATA_TIMEOUT);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read " + topic + " to its end within "
                            + timeout.toSeconds() + " s");
                }
                try {
                    consumer.poll(Duration.ofMillis(200)).forEach(each);
                } catch (RecordDeserializationException e) {
                    consumer.seek(e.topicPartition(), e.offset() + 1);
                }
            }
        }
    }
}
