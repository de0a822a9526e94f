package io.causalstream.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.CloseOptions.GroupMembershipOperation;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KafkaStreams.State;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches one Kafka Streams instance for a service: an uncaught exception shuts the client down (bad input goes
 * to dead letters, so anything reaching here is a bug or an outage), the ERROR state ends the service as failed,
 * and the state answers liveness and readiness. A stream thread stuck in a call that never returns leaves the
 * state RUNNING; liveness also checks that every stream thread still polls (see {@link #stalled}).
 */
public final class StreamsWatch {

    private static final Logger log = LoggerFactory.getLogger(StreamsWatch.class);
    private static final Set<State> DEAD = Set.of(State.ERROR, State.PENDING_ERROR, State.NOT_RUNNING);
    /**
     * How long a stream thread may go without polling before it counts as stuck: the main consumer's
     * {@code max.poll.interval.ms} (5 min, Kafka's default, which the services keep), after which the group has
     * already given the thread's partitions away, plus a minute.
     */
    static final Duration STALL_LIMIT = Duration.ofMinutes(6);

    private final CountDownLatch terminated = new CountDownLatch(1);
    private volatile KafkaStreams streams;
    private volatile boolean failed;

    /** Installs the handlers on {@code streams} (before it starts) and watches it. */
    public KafkaStreams watch(KafkaStreams ks) {
        ks.setUncaughtExceptionHandler(e -> {
            log.error("stream processing failed; shutting the Kafka Streams client down", e);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        ks.setStateListener((now, before) -> onStateChange(now, before));
        streams = ks;
        return ks;
    }

    void onStateChange(State now, State before) {
        log.info("Kafka Streams state {} -> {}", before, now);
        if (now == State.ERROR) {
            failed = true;
            terminated.countDown();
        }
    }

    /** The watched instance, or null before {@link #watch}. */
    public KafkaStreams streams() {
        return streams;
    }

    public State state() {
        KafkaStreams ks = streams;
        return ks == null ? State.CREATED : ks.state();
    }

    /** Alive unless the instance died (ERROR, on its way there, or stopped) or one of its stream threads is stuck. */
    public boolean live() {
        return liveness(Map.of()).up();
    }

    /**
     * Liveness with the service's details, each stream thread's seconds since its last poll
     * ({@code streamThreadLastPollSecondsAgo}, while RUNNING) and the stuck threads, if there are any.
     */
    public OpsServer.Health liveness(Map<String, Object> details) {
        KafkaStreams ks = streams;
        Map<String, Double> ages = ks == null || ks.state() != State.RUNNING ? Map.of() : pollAges(ks.metrics());
        List<String> stalled = stalled(ages, STALL_LIMIT);
        Map<String, Object> all = new LinkedHashMap<>(details);
        if (!ages.isEmpty()) {
            all.put("streamThreadLastPollSecondsAgo", ages);
        }
        if (!stalled.isEmpty()) {
            log.error("stream threads stopped polling (stuck; liveness is down): {}", stalled);
            all.put("stalledStreamThreads", stalled);
        }
        return new OpsServer.Health(!failed && !DEAD.contains(state()) && stalled.isEmpty(), all);
    }

    /**
     * Seconds since each stream thread's main consumer last polled (client id to seconds, {@code -1} before its
     * first poll), from the consumers' {@code last-poll-seconds-ago} metric. Restore and global consumers poll only
     * when they have work, so they are left out.
     */
    static Map<String, Double> pollAges(Map<MetricName, ? extends Metric> metrics) {
        Map<String, Double> ages = new TreeMap<>();
        metrics.forEach((name, metric) -> {
            String client = name.tags().getOrDefault("client-id", "");
            if (name.group().equals("consumer-metrics") && name.name().equals("last-poll-seconds-ago")
                    && client.contains("-StreamThread-") && client.endsWith("-consumer")
                    && !client.endsWith("-restore-consumer") && metric.metricValue() instanceof Number seconds) {
                ages.put(client, seconds.doubleValue());
            }
        });
        return ages;
    }

    /** The threads (as "client-id: N s") that last polled longer than {@code limit} ago. */
    static List<String> stalled(Map<String, Double> pollAges, Duration limit) {
        List<String> stalled = new ArrayList<>();
        pollAges.forEach((client, seconds) -> {
            if (seconds > limit.toSeconds()) {
                stalled.add(client + ": " + seconds.longValue() + " s");
            }
        });
        return stalled;
    }

    /** Ready to process: RUNNING (not rebalancing or restoring). */
    public boolean running() {
        return state() == State.RUNNING;
    }

    public boolean failed() {
        return failed;
    }

    /** Blocks until {@link #stopped()} or the instance fails; true when it failed. */
    public boolean awaitTermination() throws InterruptedException {
        terminated.await();
        return failed;
    }

    /**
     * Stops the watched instance, committing its work, and leaves the consumer group, so that the next instance
     * (a restart, or the others of the group) gets the partitions at once instead of after the session timeout
     * (45 s by default, the whole time a restarted single instance would otherwise sit in REBALANCING). A crash
     * does not leave the group; the session timeout covers it. False when it did not stop within {@code timeout}.
     */
    public boolean close(Duration timeout) {
        KafkaStreams ks = streams;
        if (ks == null) {
            return true;
        }
        boolean stopped = ks.close(CloseOptions.groupMembershipOperation(GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(timeout));
        if (!stopped) {
            log.warn("Kafka Streams did not stop within {}", timeout);
        }
        return stopped;
    }

    /** {@link #close(Duration)} as a resource a {@link ServiceSkeleton} owns: owned last, closed first. */
    public AutoCloseable closing(Duration timeout) {
        return () -> close(timeout);
    }

    /** The service was closed: ends {@link #awaitTermination()} without failure. */
    public void stopped() {
        terminated.countDown();
    }
}
