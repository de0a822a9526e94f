package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MissingSchemaIdsTest {

    private final AtomicLong now = new AtomicLong();
    private final MissingSchemaIds missing = new MissingSchemaIds(3, Duration.ofSeconds(60), now::get);

    @Test
    void anIdIsBelievedMissingUntilItExpires() {
        assertThat(missing.missingFor(7)).isNull();
        missing.add(7);
        now.addAndGet(Duration.ofSeconds(59).toNanos());
        assertThat(missing.missingFor(7)).isEqualTo(Duration.ofSeconds(59));
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        // registered meanwhile, perhaps: asked again
        assertThat(missing.missingFor(7)).isNull();
        assertThat(missing.size()).isZero();
    }

    @Test
    void aNewAnswerStartsTheExpiryOver() {
        missing.add(7);
        now.addAndGet(Duration.ofSeconds(50).toNanos());
        missing.add(7);
        now.addAndGet(Duration.ofSeconds(50).toNanos());
        assertThat(missing.missingFor(7)).isEqualTo(Duration.ofSeconds(50));
    }

    @Test
    void memoryIsBoundedTheOldestIdIsForgottenFirst() {
        for (int id = 1; id <= 1000; id++) {
            missing.add(id);
            now.incrementAndGet();
        }
        assertThat(missing.size()).isEqualTo(3);
        assertThat(missing.missingFor(997)).isNull();
        assertThat(missing.missingFor(998)).isNotNull();
        assertThat(missing.missingFor(1000)).isNotNull();
    }

    @Test
    void anIdSeenToResolveIsForgottenAtOnce() {
        missing.add(7);
        missing.remove(7);
        assertThat(missing.missingFor(7)).isNull();
    }

    @Test
    void negativeIdsAreIdsLikeAnyOther() {
        missing.add(-1);
        assertThat(missing.missingFor(-1)).isNotNull();
        assertThat(missing.missingFor(0)).isNull();
    }
}
