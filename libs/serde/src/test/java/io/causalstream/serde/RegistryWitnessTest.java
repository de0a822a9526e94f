package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.apicurio.registry.rest.client.models.ProblemDetails;
import io.causalstream.serde.RegistryWitness.Verdict;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RegistryWitnessTest {

    private final AtomicLong now = new AtomicLong();
    /** the content ids the stand-in registry serves */
    private final Set<Long> held = new HashSet<>(Set.of(3L, 9L));
    private final List<String> requests = new ArrayList<>();
    private boolean down;
    private final RegistryWitness witness = new RegistryWitness(new RegistryWitness.Registry() {
        @Override
        public void fetch(long contentId) {
            requests.add("fetch " + contentId);
            failIfDown();
            if (!held.contains(contentId)) {
                ProblemDetails p = new ProblemDetails();
                p.setStatus(404);
                p.setTitle("No content with ID '" + contentId + "' was found.");
                throw new RuntimeException(p);
            }
        }

        @Override
        public OptionalLong newest() {
            requests.add("newest");
            failIfDown();
            return held.stream().mapToLong(Long::longValue).max();
        }
    }, Duration.ofSeconds(5), now::get);

    private void failIfDown() {
        if (down) {
            throw new RuntimeException(new ConnectException("Connection refused"));
        }
    }

    @Test
    void aRegistryServingASchemaThisProcessDecodedIsServing() {
        witness.resolved(3);
        assertThat(witness.check()).isEqualTo(Verdict.SERVING);
        assertThat(requests).containsExactly("fetch 3");
    }

    @Test
    void withoutAWitnessOfItsOwnItAsksForTheNewestSchemaTheRegistryHolds() {
        assertThat(witness.check()).isEqualTo(Verdict.SERVING);
        assertThat(requests).containsExactly("newest", "fetch 9");
    }

    @Test
    void oneAnswerIsTrustedForAWhileSoAFloodCostsOneLookupPerPeriod() {
        witness.resolved(3);
        for (int i = 0; i < 1000; i++) {
            assertThat(witness.check()).isEqualTo(Verdict.SERVING);
            now.addAndGet(Duration.ofMillis(4).toNanos());
        }
        // 4 s of checks, then 5 s more: two lookups
        assertThat(requests).containsExactly("fetch 3");
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        witness.check();
        assertThat(requests).containsExactly("fetch 3", "fetch 3");
    }

    @Test
    void aRegistryFailureSeenMeanwhileEndsTheTrust() {
        witness.resolved(3);
        witness.check();
        witness.unavailable();
        down = true;
        assertThat(witness.check()).isEqualTo(Verdict.UNREACHABLE);
    }

    @Test
    void aRegistryThatCannotBeAskedIsUnreachable() {
        down = true;
        assertThat(witness.check()).isEqualTo(Verdict.UNREACHABLE);
        witness.resolved(3);
        assertThat(witness.check()).isEqualTo(Verdict.UNREACHABLE);
    }

    @Test
    void aRegistryAnswering404ForASchemaItHoldsIsNotServingAndTheWitnessIsReplaced() {
        witness.resolved(3);
        held.clear(); // restarted and still loading its storage
        assertThat(witness.check()).isEqualTo(Verdict.NOT_SERVING);
        assertThat(witness.check()).isEqualTo(Verdict.NOT_SERVING); // lists nothing yet
        held.add(9L); // loaded (3 may have been deleted meanwhile: the newest one serves as witness)
        assertThat(witness.check()).isEqualTo(Verdict.SERVING);
        assertThat(requests).containsExactly("fetch 3", "newest", "newest", "fetch 9");
    }

    @Test
    void noWitnessAtAllNeverShowsTheRegistryServing() {
        RegistryWitness none = RegistryWitness.none();
        none.resolved(3);
        assertThat(none.check()).isEqualTo(Verdict.NOT_SERVING);
    }
}
