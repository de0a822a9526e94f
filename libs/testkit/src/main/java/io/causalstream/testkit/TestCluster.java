package io.causalstream.testkit;

import io.causalstream.runtime.Config;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.topics.Topic;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Addresses of the test broker and registry, and small helpers to write to and read from topics. */
public final class TestCluster {

    private final String bootstrapServers;
    private final String registryUrl;
    private final io.causalstream.serde.SerdeFactory serdes;

    TestCluster(String bootstrapServers, String registryUrl) {
        this.bootstrapServers = bootstrapServers;
        this.registryUrl = registryUrl;
        this.serdes = new AvroSerdes(registryUrl);
    }

    /** The same schema registry with another broker: a test's own (e.g. with topics of more partitions). */
    public TestCluster onBroker(String otherBootstrapServers) {
        return new TestCluster(otherBootstrapServers, registryUrl);
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public String registryUrl() {
        return registryUrl;
    }

    public io.causalstream.serde.SerdeFactory serdes() {
        return serdes;
    }

    /**
     * A Kafka Streams service's config on this cluster: any free HTTP port, its application id and state
     * directory, a commit every 100 ms (tests wait for committed outputs), plus {@code more}.
     */
    public Config streamsService(String applicationId, Path stateDir, Map<String, String> more) {
        Map<String, String> m = new HashMap<>(more);
        m.put("http.port", "0");
        m.put("application.id", applicationId);
        m.put("state.dir", stateDir.toString());
        m.put("kafka.streams.commit.interval.ms", "100");
        return config(m);
    }

    /** A service config pointing at this cluster, plus the given settings. */
    public Config config(Map<String, String> more) {
        Map<String, String> m = new HashMap<>(more);
        m.put(Config.BOOTSTRAP_SERVERS, bootstrapServers);
        m.put(Config.SCHEMA_REGISTRY_URL, registryUrl);
        return Config.of(m);
    }

    public <V extends SpecificRecord> void send(Topic<V> topic, String key, V value) {
        try (var producer = new KafkaProducer<>(producerProps(), new StringSerializer(),
                serdes.valueSerializer(topic))) {
            producer.send(new ProducerRecord<>(topic.name(), key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot send to " + topic + ": " + rootCause(e), e);
        }
    }

    public <V extends SpecificRecord> void sendAll(Topic<V> topic, List<Map.Entry<String, V>> records) {
        try (var producer = new KafkaProducer<>(producerProps(), new StringSerializer(),
                serdes.valueSerializer(topic))) {
            for (var r : records) {
                producer.send(new ProducerRecord<>(topic.name(), r.getKey(), r.getValue()));
            }
            producer.flush();
        }
    }

    public void sendRaw(String topic, byte[] key, byte[] value) {
        try (var producer = new KafkaProducer<>(producerProps(), new ByteArraySerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot send to " + topic + ": " + rootCause(e), e);
        }
    }

    /** Reads {@code topic} from the beginning until {@code done} holds for the records read so far, or times out. */
    public <V extends SpecificRecord> List<ConsumerRecord<String, V>> readUntil(
            Topic<V> topic, Duration timeout, Predicate<List<ConsumerRecord<String, V>>> done) {
        return readUntil(topic.name(), serdes.valueDeserializer(topic), timeout, done);
    }

    public List<ConsumerRecord<String, byte[]>> readRawUntil(
            String topic, Duration timeout, Predicate<List<ConsumerRecord<String, byte[]>>> done) {
        return readUntil(topic, new ByteArrayDeserializer(), timeout, done);
    }

    private <V> List<ConsumerRecord<String, V>> readUntil(String topic, Deserializer<V> valueDeserializer,
                                                          Duration timeout,
                                                          Predicate<List<ConsumerRecord<String, V>>> done) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<ConsumerRecord<String, V>> out = new ArrayList<>();
        try (var consumer = new KafkaConsumer<>(props, new StringDeserializer(), valueDeserializer)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
                if (done.test(out)) {
                    return out;
                }
            }
        }
        throw new AssertionError("timed out after " + timeout + " reading " + topic + "; got " + out.size()
                + " records: " + out.stream().map(r -> r.key() + "=" + r.value()).toList());
    }

    private static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    private Map<String, Object> producerProps() {
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return props;
    }
}
