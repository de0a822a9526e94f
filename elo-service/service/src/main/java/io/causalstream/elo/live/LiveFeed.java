package io.causalstream.elo.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.api.RatingsView;
import io.causalstream.schemas.alignment.MeasureAlignment;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import io.javalin.http.sse.SseClient;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows {@code ratings} (a plain consumer of the output topic, read_committed, every partition, from the end)
 * and pushes what changed to the dashboards over server-sent events. Changes are coalesced per passage and sent
 * every interval, so a burst of thousands of judgments a second costs a few events, not thousands.
 *
 * <p>Events: {@code tournaments} (a JSON array of {@link RatingsView}, the passages changed since the last
 * flush) and {@code stats} ({@code {"judgmentsPerSecond", "judgmentsSeen", "clients"}}); judgments are counted
 * from the growth of each table's {@code judgmentsApplied}, so refits (same count) do not count.
 *
 * <p>It also follows {@code measure-alignment} (the scorer's compacted topic, read from the beginning so a
 * dashboard sees the current agreement at once) into an {@link AlignmentBoard}, and sends event {@code alignment}
 * (a JSON array of {@link AlignmentBoard.Row}: per measure the ALL mean with its interval and each passage's value)
 * on connect and whenever it changed since the last flush.
 *
 * <p>Event {@code pipeline} carries the whole pipeline's figures ({@link #pipeline(String)}), on connect and on
 * every refresh.
 */
public final class LiveFeed implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LiveFeed.class);
    private static final Duration RATE_WINDOW = Duration.ofSeconds(5);

    private final KafkaConsumer<String, Tournament> consumer;
    private final Duration interval;
    private final ObjectMapper json = new ObjectMapper();
    private final Set<SseClient> clients = ConcurrentHashMap.newKeySet();
    private final Map<String, Tournament> changed = new LinkedHashMap<>();
    private final Map<String, Long> applied = new HashMap<>();
    private final Deque<long[]> counts = new ArrayDeque<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread poller;
    private final Thread flusher;
    private final KafkaConsumer<String, MeasureAlignment> alignmentConsumer;
    private final AlignmentBoard alignment = new AlignmentBoard();
    private final AtomicBoolean alignmentChanged = new AtomicBoolean();
    private final Thread alignmentPoller;
    private long seen;
    private volatile String pipeline;
    private final AtomicBoolean pipelineChanged = new AtomicBoolean();

    public LiveFeed(Map<String, Object> connection, SerdeFactory serdes, Map<String, String> overrides, Duration interval) {
        Map<String, Object> props = new HashMap<>(connection); // bootstrap servers and security
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "elo-service-live-feed");
        props.putAll(overrides);
        this.consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                serdes.valueDeserializer(Topics.RATINGS));
        Map<String, Object> alignmentProps = new HashMap<>(props);
        alignmentProps.put(ConsumerConfig.CLIENT_ID_CONFIG, "elo-service-live-alignment");
        this.alignmentConsumer = new KafkaConsumer<>(alignmentProps, new StringDeserializer(),
                serdes.valueDeserializer(Topics.MEASURE_ALIGNMENT));
        this.alignmentPoller = Thread.ofPlatform().name("elo-live-alignment-poller").daemon()
                .unstarted(this::pollAlignment);
        this.interval = interval;
        this.poller = Thread.ofPlatform().name("elo-live-feed-poller").daemon().unstarted(this::poll);
        this.flusher = Thread.ofPlatform().name("elo-live-feed-flusher").daemon().unstarted(this::flushLoop);
    }

    public LiveFeed start() {
        poller.start();
        alignmentPoller.start();
        flusher.start();
        return this;
    }

    /** A dashboard connected: keep it until it goes away. */
    public void connect(SseClient client) {
        client.keepAlive();
        client.onClose(() -> clients.remove(client));
        clients.add(client);
        client.sendEvent("hello", "{\"intervalMs\":" + interval.toMillis() + "}");
        try {
            client.sendEvent("alignment", json.writeValueAsString(alignment.rows()));
        } catch (JsonProcessingException e) {
            log.warn("cannot write the alignment event: {}", e.toString());
        }
        String p = pipeline;
        if (p != null) {
            client.sendEvent("pipeline", p);
        }
    }

    /**
     * New pipeline figures ({@link PipelineMonitor}, JSON of a {@code PipelineView}): event {@code pipeline} to
     * every dashboard now, and to each one that connects later.
     */
    public void pipeline(String figures) {
        pipeline = figures;
        pipelineChanged.set(true); // sent by the flusher, the one thread writing events to connected dashboards
    }

    private void pollAlignment() {
        try {
            List<TopicPartition> partitions = new ArrayList<>();
            alignmentConsumer.partitionsFor(Topics.MEASURE_ALIGNMENT.name()).forEach(p -> partitions.add(
                    new TopicPartition(p.topic(), p.partition())));
            alignmentConsumer.assign(partitions);
            alignmentConsumer.seekToBeginning(partitions);
            while (running.get()) {
                for (ConsumerRecord<String, MeasureAlignment> r : alignmentConsumer.poll(Duration.ofMillis(500))) {
                    alignment.take(r.key(), r.value());
                    alignmentChanged.set(true);
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            if (running.get()) {
                log.error("live feed stopped following {}: {}", Topics.MEASURE_ALIGNMENT, e.toString(), e);
            }
        } finally {
            alignmentConsumer.close(Duration.ofSeconds(2));
        }
    }

    private void poll() {
        try {
            List<TopicPartition> partitions = new ArrayList<>();
            consumer.partitionsFor(Topics.RATINGS.name()).forEach(p -> partitions.add(
                    new TopicPartition(p.topic(), p.partition())));
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            while (running.get()) {
                for (ConsumerRecord<String, Tournament> r : consumer.poll(Duration.ofMillis(500))) {
                    if (r.value() != null) {
                        take(r.value());
                    }
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            if (running.get()) {
                log.error("live feed stopped following {}: {}", Topics.RATINGS, e.toString(), e);
            }
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private synchronized void take(Tournament t) {
        long before = applied.getOrDefault(t.getPassageId(), t.getJudgmentsApplied() - 1);
        long delta = Math.max(0, t.getJudgmentsApplied() - before);
        applied.put(t.getPassageId(), Math.max(before, t.getJudgmentsApplied()));
        seen += delta;
        if (delta > 0) {
            counts.addLast(new long[] {System.nanoTime(), delta});
        }
        changed.put(t.getPassageId(), t);
    }

    private void flushLoop() {
        while (running.get()) {
            try {
                Thread.sleep(interval.toMillis());
                flush();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.warn("live feed flush failed: {}", e.toString());
            }
        }
    }

    private void flush() {
        List<RatingsView> views = new ArrayList<>();
        double rate;
        long total;
        synchronized (this) {
            changed.values().forEach(t -> views.add(RatingsView.of(t)));
            changed.clear();
            long now = System.nanoTime();
            while (!counts.isEmpty() && now - counts.peekFirst()[0] > RATE_WINDOW.toNanos()) {
                counts.removeFirst();
            }
            long inWindow = counts.stream().mapToLong(c -> c[1]).sum();
            rate = inWindow / (double) RATE_WINDOW.toSeconds();
            total = seen;
        }
        if (clients.isEmpty()) {
            return;
        }
        try {
            String stats = json.writeValueAsString(Map.of("judgmentsPerSecond", rate, "judgmentsSeen", total,
                    "clients", clients.size()));
            String tournaments = views.isEmpty() ? null : json.writeValueAsString(views);
            String agreement = alignmentChanged.getAndSet(false) ? json.writeValueAsString(alignment.rows()) : null;
            String figures = pipelineChanged.getAndSet(false) ? pipeline : null;
            for (SseClient c : clients) {
                if (tournaments != null) {
                    c.sendEvent("tournaments", tournaments);
                }
                if (agreement != null) {
                    c.sendEvent("alignment", agreement);
                }
                if (figures != null) {
                    c.sendEvent("pipeline", figures);
                }
                c.sendEvent("stats", stats);
            }
        } catch (JsonProcessingException e) {
            log.warn("cannot write live events: {}", e.toString());
        }
    }

    @Override
    public void close() {
        if (!running.compareAndSet(true, false)) {
            return;
        }
        consumer.wakeup();
        alignmentConsumer.wakeup();
        flusher.interrupt();
        for (SseClient c : clients) {
            c.close();
        }
        try {
            poller.join(5000);
            alignmentPoller.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
