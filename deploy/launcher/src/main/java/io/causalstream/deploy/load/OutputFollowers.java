package io.causalstream.deploy.load;

import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.topics.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads the system's outputs from their current end while the load runs ({@code read_committed}, as a downstream
 * consumer would) and turns them into end-to-end latencies: a passage's send time to its first scored graph, a
 * judgment's send time to the first rating that counts it. The load loop records the send times here.
 */
final class OutputFollowers implements AutoCloseable {

    final LoadReport.Latencies passageToScored = new LoadReport.Latencies();
    final LoadReport.Latencies judgmentToRating = new LoadReport.Latencies();
    final AtomicLong scored = new AtomicLong();
    final AtomicLong ratings = new AtomicLong();

    private final Map<String, Long> passageSent = new ConcurrentHashMap<>();
    private final Map<String, List<Long>> judgmentSent = new ConcurrentHashMap<>();
    private final Set<String> scoredSeen = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> appliedSeen = new ConcurrentHashMap<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();

    private OutputFollowers() {
    }

    static OutputFollowers start(String bootstrap, AvroSerdes serdes) {
        OutputFollowers f = new OutputFollowers();
        f.threads.add(f.follow(bootstrap, Topics.SCORED_GRAPHS.name(), serdes.valueDeserializer(Topics.SCORED_GRAPHS),
                f::onScored));
        f.threads.add(f.follow(bootstrap, Topics.RATINGS.name(), serdes.valueDeserializer(Topics.RATINGS),
                f::onRatings));
        return f;
    }

    void passageSent(String passageId) {
        passageSent.put(passageId, System.nanoTime());
    }

    /** Records the send time of the next judgment of {@code passageId}; {@code send} publishes it. */
    void judgmentSent(String passageId, Runnable send) {
        List<Long> sent = judgmentSent.computeIfAbsent(passageId, k -> new ArrayList<>());
        synchronized (sent) {
            sent.add(System.nanoTime());
            send.run();
        }
    }

    /** Starts counting the outputs of the load window from zero. */
    void resetCounts() {
        scored.set(0);
        ratings.set(0);
    }

    int passagesScored() {
        return scoredSeen.size();
    }

    private void onScored(ScoredGraph g, long now) {
        scored.incrementAndGet();
        Long sent = passageSent.get(g.getPassageId());
        if (sent != null && scoredSeen.add(g.getPassageId())) {
            passageToScored.add((now - sent) / 1e6);
        }
    }

    private void onRatings(Tournament t, long now) {
        ratings.incrementAndGet();
        List<Long> sent = judgmentSent.get(t.getPassageId());
        if (sent == null) {
            return;
        }
        synchronized (sent) {
            int before = appliedSeen.getOrDefault(t.getPassageId(), 0);
            int applied = (int) Math.min(t.getJudgmentsApplied(), sent.size());
            for (int i = before; i < applied; i++) {
                judgmentToRating.add((now - sent.get(i)) / 1e6);
            }
            appliedSeen.put(t.getPassageId(), Math.max(before, applied));
        }
    }

    private <V> Thread follow(String bootstrap, String topic, Deserializer<V> values, BiConsumer<V, Long> sink) {
        return Thread.ofPlatform().name("load-follow-" + topic).daemon().start(() -> {
            Map<String, Object> props = new HashMap<>();
            props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            try (KafkaConsumer<String, V> c = new KafkaConsumer<>(props, new StringDeserializer(), values)) {
                List<TopicPartition> parts = c.partitionsFor(topic).stream()
                        .map(p -> new TopicPartition(topic, p.partition())).toList();
                c.assign(parts);
                c.seekToEnd(parts);
                parts.forEach(c::position);
                while (running.get()) {
                    for (ConsumerRecord<String, V> r : c.poll(Duration.ofMillis(100))) {
                        if (r.value() != null) {
                            sink.accept(r.value(), System.nanoTime());
                        }
                    }
                }
            }
        });
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join(5000);
        }
    }
}
