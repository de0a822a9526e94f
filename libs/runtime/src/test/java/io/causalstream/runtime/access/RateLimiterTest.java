package io.causalstream.runtime.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    /** A clock the test moves. */
    private static final class Manual extends Clock {
        Instant now = Instant.parse("2026-03-01T10:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void aBurstThenTheSustainedRateEachKeyOnItsOwn() {
        Manual clock = new Manual();
        RateLimiter limit = new RateLimiter(6, 3, clock); // one token every 10 s, three at once
        for (int i = 0; i < 3; i++) {
            assertThat(limit.acquire("Human1")).isEmpty();
        }
        assertThat(limit.acquire("Human1")).hasValueSatisfying(wait ->
                assertThat(wait).isBetween(Duration.ofSeconds(9), Duration.ofSeconds(10)));
        // another rater is not held up
        assertThat(limit.acquire("Human2")).isEmpty();
        clock.now = clock.now.plusSeconds(10);
        assertThat(limit.acquire("Human1")).isEmpty();
        assertThat(limit.acquire("Human1")).isPresent();
        // a long pause refills up to the burst, no more
        clock.now = clock.now.plusSeconds(3600);
        for (int i = 0; i < 3; i++) {
            assertThat(limit.acquire("Human1")).isEmpty();
        }
        assertThat(limit.acquire("Human1")).isPresent();
    }
}
