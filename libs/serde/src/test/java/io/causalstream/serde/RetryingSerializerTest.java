package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.avro.AvroRuntimeException;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;

class RetryingSerializerTest {

    private static final RetryingDeserializer.Policy POLICY = new RetryingDeserializer.Policy(Duration.ofMillis(200),
            Duration.ofSeconds(2), Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofMinutes(10));

    private final AtomicLong now = new AtomicLong();
    private final List<Duration> sleeps = new ArrayList<>();
    private final Deque<RuntimeException> failures = new ArrayDeque<>();
    private RuntimeException always;
    private int calls;

    private final Serializer<String> inner = (topic, data) -> {
        calls++;
        if (always != null) {
            throw always;
        }
        if (!failures.isEmpty()) {
            throw failures.pop();
        }
        return data.getBytes();
    };
    private final RetryingSerializer<String> serializer = new RetryingSerializer<>(inner, POLICY, now::get, d -> {
        sleeps.add(d);
        now.addAndGet(d.toNanos());
    });

    /** Shaped as the registry client's failure when a request times out (Vert.x's TimeoutException, wrapped). */
    private static RuntimeException timedOut() {
        return new RuntimeException(new RuntimeException(new ExecutionException(
                new TimeoutException("The timeout period of 10000ms has been exceeded while executing POST"))));
    }

    @Test
    void aLostOrRefusedRegistrationIsRetriedWithBackoffUntilItSucceeds() {
        failures.add(timedOut());
        failures.add(new RuntimeException(new ConnectException("Connection refused")));
        failures.add(timedOut());

        assertThat(serializer.serialize("passages", "x")).isEqualTo("x".getBytes());
        assertThat(calls).isEqualTo(4);
        assertThat(sleeps).containsExactly(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800));
    }

    @Test
    void anOutageLongerThanTheBudgetIsReportedAsUnavailable() {
        always = timedOut();
        assertThatThrownBy(() -> serializer.serialize("passages", "x"))
                .isInstanceOf(RegistryUnavailableException.class)
                .hasMessageContaining("while encoding a record for passages");
        assertThat(Duration.ofNanos(now.get())).isGreaterThanOrEqualTo(POLICY.transientBudget())
                .isLessThan(POLICY.transientBudget().plus(POLICY.maxBackoff()));
        assertThat(sleeps).allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(POLICY.maxBackoff()));
    }

    @Test
    void aFailureThatIsNotTheRegistrysIsThrownAtOnce() {
        always = new AvroRuntimeException("not a valid record");
        assertThatThrownBy(() -> serializer.serialize("passages", "x")).isSameAs(always);
        assertThat(calls).isEqualTo(1);
        assertThat(sleeps).isEmpty();
    }
}
