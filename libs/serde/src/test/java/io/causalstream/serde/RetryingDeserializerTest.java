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
        // the next record with that id: invalid without asking the registry again
        assertThatThrownBy(() -> deserializer.deserialize("passages", RECORD))
                .isInstanceOf(UnknownSchemaIdException.class)
                .hasMessageContaining("schema id 7 of a record on passages is unknown to the schema registry")
                .hasMessageContaining("it answered 404 for this id 0 s ago");
        assertThat(calls).isEqualTo(callsForFirst);
        assertThat(now.get()).isEqualTo(timeForFirst);
    }

    @Test
    void a404WhileTheRegistryServesTheSchemasItHoldsIsInvalidAtOnce() {
        RetryingDeserializer<String> withWitness = withWitness(serving());
        failForever = true;
        always = notFound();
        assertThatThrownBy(() -> withWitness.deserialize("passages", RECORD))
                .isInstanceOf(UnknownSchemaIdException.class)
                .hasMessageContaining("schema id 7 of a record on passages is unknown to the schema registry")
                .hasMessageContaining("while serving the schemas it holds")
                .satisfies(e -> assertThat(((UnknownSchemaIdException) e).schemaId()).isEqualTo(7));
        assertThat(calls).isEqualTo(1);
        assertThat(sleeps).isEmpty();
    }

    @Test
    void aFloodOfUnknownIdsCostsOneLookupPerDistinctIdAndNoWait() {
        RetryingDeserializer<String> withWitness = withWitness(serving());
        failForever = true;
        always = notFound();
        for (int n = 0; n < 1000; n++) {
            byte[] record = {0, 0x3f, 0, 0, (byte) (n % 10), 7, 7, 7};
            assertThatThrownBy(() -> withWitness.deserialize("passages", record))
                    .isInstanceOf(UnknownSchemaIdException.class);
        }
        assertThat(calls).isEqualTo(10);
        assertThat(witnessRequests).isEqualTo(1);
        assertThat(sleeps).isEmpty();
        assertThat(now.get()).isZero();
    }

    @Test
    void anIdRegisteredAfterItWasUnknownDecodesOnceTheMemoryExpires() {
        RetryingDeserializer<String> withWitness = withWitness(serving());
        failures.add(notFound());
        assertThatThrownBy(() -> withWitness.deserialize("passages", RECORD))
                .isInstanceOf(UnknownSchemaIdException.class);
        // registered now (the stand-in answers from here on)
        assertThatThrownBy(() -> withWitness.deserialize("passages", RECORD))
                .isInstanceOf(UnknownSchemaIdException.class);
        now.addAndGet(POLICY.unknownIdMemory().toNanos());
        assertThat(withWitness.deserialize("passages", RECORD)).isEqualTo("decoded");
        assertThat(calls).isEqualTo(2);
    }

    @Test
    void a404FromARegistryThatDoesNotServeWhatItHoldsIsRetriedAndTheRecordDecodes() {
        // restarted, loading its storage: 404 for the record's id and for the witness alike
        RetryingDeserializer<String> withWitness = withWitness(() -> witnessRequests < 3
                ? RegistryWitness.Verdict.NOT_SERVING : RegistryWitness.Verdict.SERVING);
        failures.add(notFound());
        failures.add(notFound());
        assertThat(withWitness.deserialize("passages", RECORD)).isEqualTo("decoded");
        assertThat(calls).isEqualTo(3);
    }

    @Test
    void a404WhileTheWitnessCannotBeAskedIsAnOutageNeverAnInvalidRecord() {
        RetryingDeserializer<String> withWitness = withWitness(() -> RegistryWitness.Verdict.UNREACHABLE);
        failForever = true;
        always = notFound();
        assertThatThrownBy(() -> withWitness.deserialize("passages", RECORD))
                .isInstanceOf(RegistryUnavailableException.class)
                .hasMessageContaining("not dead-lettered");
        // past the confirmation window: an outage is retried for the whole budget
        assertThat(Duration.ofNanos(now.get())).isGreaterThanOrEqualTo(POLICY.transientBudget());
    }

    private int witnessRequests;

    /** What the stand-in registry answers the witness lookup. */
    private interface WitnessAnswer {
        RegistryWitness.Verdict next();
    }

    private static WitnessAnswer serving() {
        return () -> RegistryWitness.Verdict.SERVING;
    }

    private RetryingDeserializer<String> withWitness(WitnessAnswer answer) {
        RegistryWitness witness = new RegistryWitness(new RegistryWitness.Registry() {
            @Override
            public void fetch(long contentId) {
                RegistryWitness.Verdict v = answer.next();
                witnessRequests++;
                switch (v) {
                    case SERVING -> { }
                    case NOT_SERVING -> throw notFound();
                    case UNREACHABLE -> throw refused();
                }
            }

            @Override
            public java.util.OptionalLong newest() {
                return java.util.OptionalLong.of(3);
            }
        }, Duration.ofSeconds(5), now::get);
        return new RetryingDeserializer<>(inner, POLICY, witness,
                new MissingSchemaIds(MissingSchemaIds.DEFAULT_CAPACITY, POLICY.unknownIdMemory(), now::get),
                now::get, d -> {
                    sleeps.add(d);
                    now.addAndGet(d.toNanos());
                });
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
