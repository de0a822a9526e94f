package io.causalstream.openai.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {

    private final FakeTicker ticker = new FakeTicker();
    private final CircuitBreaker breaker = new CircuitBreaker("server", 2, Duration.ofSeconds(30), ticker);

    @Test
    void opensAfterFailuresInARowOnly() {
        breaker.onFailure();
        breaker.onSuccess(); // the run is broken
        breaker.onFailure();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        breaker.onFailure();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThatThrownBy(breaker::acquire).isInstanceOf(CircuitOpenException.class)
                .hasMessage("server circuit is open after 2 failures in a row; retrying in 30000 ms");
        assertThat(breaker.timesOpened()).isEqualTo(1);
    }

    @Test
    void halfOpenLetsOneTrialThroughWhoseOutcomeDecides() {
        breaker.onFailure();
        breaker.onFailure();
        ticker.advance(Duration.ofSeconds(30));
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.HALF_OPEN);
        breaker.acquire(); // the trial
        assertThatThrownBy(breaker::acquire).isInstanceOf(CircuitOpenException.class)
                .hasMessage("server circuit is half-open: waiting for the trial call");
        breaker.onFailure(); // the trial failed: open again, for another 30 s
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThat(breaker.timesOpened()).isEqualTo(2);

        ticker.advance(Duration.ofSeconds(30));
        breaker.acquire();
        breaker.onSuccess();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        breaker.acquire();
        breaker.acquire();
    }

    @Test
    void aFailureReportedWhileOpenRestartsTheOpenTimeWithoutOpeningAgain() {
        breaker.onFailure();
        breaker.onFailure();
        ticker.advance(Duration.ofSeconds(20));
        breaker.onFailure(); // a call let through before the breaker opened
        ticker.advance(Duration.ofSeconds(20));
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThatThrownBy(breaker::acquire).hasMessage("server circuit is open after 2 failures in a row; retrying "
                + "in 10000 ms");
        assertThat(breaker.timesOpened()).isEqualTo(1);
        ticker.advance(Duration.ofSeconds(10));
        breaker.acquire();
        breaker.onSuccess();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
    }
}
