package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;

class ServiceRunnerTest {

    /** A service whose termination is driven by a {@link StreamsWatch}, like the scorer and the Elo service. */
    private static final class FakeStreamsService implements ServiceRunner.Service {
        final StreamsWatch watch = new StreamsWatch();
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public boolean awaitTermination() throws InterruptedException {
            return watch.awaitTermination();
        }

        @Override
        public void close() {
            closes.incrementAndGet();
            watch.stopped();
        }
    }

    private final List<Integer> exits = new ArrayList<>();
    private final List<Thread> hooks = new ArrayList<>();
    private final ServiceRunner runner = new ServiceRunner(exits::add, hooks::add);

    @Test
    void streamsInErrorClosesTheServiceAndExitsNonZero() throws Exception {
        FakeStreamsService service = new FakeStreamsService();
        CountDownLatch started = new CountDownLatch(1);
        Thread main = new Thread(() -> {
            try {
                runner.run("test-service", () -> {
                    started.countDown();
                    return service;
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        main.start();
        started.await();
        service.watch.onStateChange(State.RUNNING, State.REBALANCING);
        assertThat(service.watch.live()).isTrue();
        service.watch.onStateChange(State.ERROR, State.PENDING_ERROR);
        main.join(5_000);

        assertThat(main.isAlive()).isFalse();
        assertThat(service.closes.get()).isEqualTo(1);
        assertThat(exits).containsExactly(1);
        assertThat(hooks).hasSize(1);
        assertThat(service.watch.live()).isFalse();
    }

    @Test
    void aShutdownClosesTheServiceAndExitsNormally() throws Exception {
        FakeStreamsService service = new FakeStreamsService();
        service.close(); // what the shutdown hook does
        runner.run("test-service", () -> service);
        assertThat(exits).isEmpty();
        assertThat(service.closes.get()).isEqualTo(2); // hook, then the runner: close is idempotent in services
    }

    @Test
    void aFailedStartExitsNonZero() throws Exception {
        runner.run("test-service", () -> {
            throw new IllegalArgumentException("config http.port (HTTP_PORT) must be 0..65535, got 70000");
        });
        assertThat(exits).containsExactly(1);
        assertThat(hooks).isEmpty();
    }
}
