package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ServiceSkeletonTest {

    private final List<String> closed = new ArrayList<>();
    private final AtomicBoolean registryUp = new AtomicBoolean(true);
    private final ServiceSkeleton skeleton = new ServiceSkeleton("test-service",
            new Readiness(() -> true, registryUp::get), () -> new OpsServer.Health(true, Map.of()),
            () -> new OpsServer.Health(true, Map.of("stage", "running")));

    /** A service of the skeleton, whose start fails at {@code failAt} (after owning the resources before it). */
    private final class Service implements AutoCloseable {

        void startAll(List<String> steps, String failAt) {
            for (String step : steps) {
                if (step.equals(failAt)) {
                    throw new IllegalStateException(step + " failed to start");
                }
                skeleton.own(() -> closed.add(step));
            }
        }

        @Override
        public void close() {
            skeleton.close();
        }
    }

    @Test
    void closesWhatItOwnsOnceTheLastOwnedFirstEvenWhenOneFailsToClose() throws Exception {
        skeleton.own(() -> closed.add("consumer"));
        skeleton.own(() -> {
            throw new IllegalStateException("broken");
        });
        skeleton.own(() -> closed.add("pipeline"));

        skeleton.close();
        skeleton.close();

        assertThat(closed).containsExactly("pipeline", "consumer");
        skeleton.awaitClosed(); // returns: close has finished
    }

    @Test
    void aStartThatFailsClosesWhatWasStartedAndRethrows() {
        Service service = new Service();
        assertThatThrownBy(() -> ServiceSkeleton.start(service,
                s -> s.startAll(List.of("publisher", "workers", "streams"), "streams")))
                .isInstanceOf(IllegalStateException.class).hasMessage("streams failed to start");
        assertThat(closed).containsExactly("workers", "publisher");
    }

    @Test
    void aStartThatSucceedsReturnsTheServiceWithNothingClosed() {
        Service service = new Service();
        assertThat(ServiceSkeleton.start(service, s -> s.startAll(List.of("publisher"), null))).isSameAs(service);
        assertThat(closed).isEmpty();
        service.close();
        assertThat(closed).containsExactly("publisher");
    }

    @Test
    void readyWhenTheServiceIsAndTheBrokerAndTheRegistryAnswer() {
        OpsServer.Health up = skeleton.ready();
        assertThat(up.up()).isTrue();
        assertThat(up.details()).containsEntry("stage", "running").containsEntry("broker", "UP")
                .containsEntry("registry", "UP");

        registryUp.set(false);
        OpsServer.Health down = skeleton.ready();
        assertThat(down.up()).isFalse();
        assertThat(down.details()).containsEntry("registry", "DOWN");
        skeleton.close();
    }

    @Test
    void awaitClosedWaitsForClose() throws Exception {
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                skeleton.awaitClosed();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(waiter.join(java.time.Duration.ofMillis(200))).isFalse();
        skeleton.close();
        assertThat(waiter.join(java.time.Duration.ofSeconds(5))).isTrue();
    }
}
