package io.causalstream.runtime;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
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
 * and the state answers liveness and readiness.
 */
public final class StreamsWatch {

    private static final Logger log = LoggerFactory.getLogger(StreamsWatch.class);
    private static final Set<State> DEAD = Set.of(State.ERROR, State.PENDING_ERROR, State.NOT_RUNNING);

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

    /** Alive unless the instance died (ERROR, on its way there, or stopped). */
    public boolean live() {
        return !failed && !DEAD.contains(state());
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

    /** The service was closed: ends {@link #awaitTermination()} without failure. */
    public void stopped() {
        terminated.countDown();
    }
}
