package io.causalstream.openai.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    @Test
    void fullJitterBetweenZeroAndTheExponentialCeilingCapped() {
        RetryPolicy upper = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofMillis(500), () -> 1.0);
        assertThat(upper.delay(1, null)).isEqualTo(Duration.ofMillis(100));
        assertThat(upper.delay(2, null)).isEqualTo(Duration.ofMillis(200));
        assertThat(upper.delay(3, null)).isEqualTo(Duration.ofMillis(400));
        assertThat(upper.delay(4, null)).isEqualTo(Duration.ofMillis(500));
        RetryPolicy half = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofMillis(500), () -> 0.5);
        assertThat(half.delay(3, null)).isEqualTo(Duration.ofMillis(200));
        RetryPolicy zero = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofMillis(500), () -> 0.0);
        assertThat(zero.delay(3, null)).isZero();
    }

    @Test
    void retryAfterIsAFloor() {
        RetryPolicy p = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofMillis(500), () -> 0.5);
        assertThat(p.delay(1, Duration.ofSeconds(2))).isEqualTo(Duration.ofSeconds(2));
        assertThat(p.delay(3, Duration.ofMillis(10))).isEqualTo(Duration.ofMillis(200));
    }

    @Test
    void attemptsCountTheFirst() {
        RetryPolicy p = RetryPolicy.of(3, Duration.ZERO, Duration.ZERO);
        assertThat(p.retryAfter(1)).isTrue();
        assertThat(p.retryAfter(2)).isTrue();
        assertThat(p.retryAfter(3)).isFalse();
        assertThatThrownBy(() -> RetryPolicy.of(0, Duration.ZERO, Duration.ZERO))
                .hasMessage("maxAttempts must be at least 1, got 0");
    }
}
