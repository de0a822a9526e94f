package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.microsoft.kiota.ApiException;
import io.apicurio.registry.rest.client.models.ProblemDetails;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.Test;

class RetryingDeserializerTest {

    private static final byte[] RECORD = {0, 0, 0, 0, 7, 1};
    private static final RetryingDeserializer.Policy POLICY = new RetryingDeserializer.Policy(Duration.ofMillis(200),
            Duration.ofSeconds(2), Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofMinutes(10));

    private final AtomicLong now = new AtomicLong();
    private final List<Duration> sleeps = new ArrayList<>();
    private final Deque<RuntimeException> failures = new ArrayDeque<>();
    private int calls;
    private boolean failForever;
    private RuntimeException always;

    private final Deserializer<String> inner = (topic, data) -> {
        calls++;
        if (failForever) {
            throw always;
        }
        if (!failures.isEmpty()) {
            throw failures.pop();
        }
        return "decoded";
    };
    private final RetryingDeserializer<String> deserializer = new RetryingDeserializer<>(inner, POLICY, now::get,
            d -> {
                sleeps.add(d);
                now.addAndGet(d.toNanos());
            });

    /** What the Apicurio serde throws when the registry refuses connections (as observed in DecodeFailuresTest). */
    private static RuntimeException refused() {
        return new RuntimeException(new RuntimeException(new ExecutionException(
                new ConnectException("Connection refused"))));
    }

    private static RuntimeException notFound() {
        ProblemDetails p = new ProblemDetails();
        p.setStatus(404);
        p.setTitle("No content with id: 7");
        return new RuntimeException(p);
    }

    @Test
    void registryOutageIsRetriedWithBackoffAndTheRecordDecodesWhenItComesBack() {
        for (int i = 0; i < 5; i++) {
            failures.add(refused());
        }
        assertThat(deserializer.deserialize("passages", RECORD)).isEqualTo("decoded");
        assertThat(calls).isEqualTo(6);
        assertThat(sleeps).containsExactly(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800),
                Duration.ofMillis(1600), Duration.ofSeconds(2));
    }

    @Test
    void anOutageLongerThanTheBudgetIsReportedAsUnavailableNotAsABadRecord() {
        failForever = true;
        always = new RuntimeException(new ApiExceptionWithStatus(503));
        assertThatThrownBy(() -> deserializer.deserialize("passages", RECORD))
                .isInstanceOf(RegistryUnavailableException.class)
                .hasMessageContaining("not dead-lettered");
        assertThat(Duration.ofNanos(now.get())).isGreaterThanOrEqualTo(POLICY.transientBudget())
                .isLessThan(POLICY.transientBudget().plus(POLICY.maxBackoff()));
    }

    @Test
    void aNotFoundWhileTheRegistryLoadsIsRetriedAndTheRecordDecodes() {
        failures.add(notFound());
        failures.add(notFound());
        assertThat(deserializer.deserialize("passages", RECORD)).isEqualTo("decoded");
        assertThat(calls).isEqualTo(3);
    }

    @Test
    void aPersistentNotFoundIsConfirmedAsAnUnknownSchemaIdAndRememberedForTheNextRecord() {
        failForever = true;
        always = notFound();
        assertThatThrownBy(() -> deserializer.deserialize("passages", RECORD))
                .isInstanceOf(UnknownSchemaIdException.class)
                .hasMessageContaining("schema id 7")
                .hasMessageContaining("unknown to the schema registry");
        assertThat(Duration.ofNanos(now.get())).isGreaterThanOrEqualTo(POLICY.unknownIdConfirmation());
        int callsForFirst = calls;
        long timeForFirst = now.get();
        assertThatThrownBy(() -> deserializer.deserialize("passages", RECORD))
                .isInstanceOf(UnknownSchemaIdException.class);
        assertThat(calls).isEqualTo(callsForFirst + 1);
        assertThat(now.get()).isEqualTo(timeForFirst);
    }

    @Test
    void anInvalidRecordIsThrownAtOnce() {
        failures.add(new SerializationException("Malformed data. Length is negative: -1"));
        assertThatThrownBy(() -> deserializer.deserialize("passages", RECORD))
                .isInstanceOf(SerializationException.class).hasMessageContaining("Malformed");
        assertThat(calls).isEqualTo(1);
        assertThat(sleeps).isEmpty();
    }

    /** Kiota's exception as the client raises it for a status without an error class (e.g. 503). */
    private static final class ApiExceptionWithStatus extends ApiException {
        ApiExceptionWithStatus(int status) {
            super("the server returned an unexpected status code and no error class is registered for this code "
                    + status);
            setResponseStatusCode(status);
        }
    }
}
