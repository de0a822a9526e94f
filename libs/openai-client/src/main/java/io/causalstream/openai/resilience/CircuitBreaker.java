package io.causalstream.openai.resilience;

import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;

/**
 * Stops calling a server that keeps failing. CLOSED: calls go through; {@code failureThreshold} failures in a row
 * open it. OPEN: calls fail at once with {@link CircuitOpenException} for {@code openDuration}. Then
 * HALF_OPEN: one trial call goes through; its success closes the breaker, its failure opens it again. Without it,
 * every queued passage would pay the full retry schedule against a dead server. Thread-safe.
 *
 * <p>The state machine is resilience4j's (a count-based window of {@code failureThreshold} calls that opens at a
 * 100 % failure rate: that many failures in a row), timed by the {@link Ticker} so tests need not wait; this class
 * adds the client's messages, and the move to HALF_OPEN as soon as the open time is over.
 */
public final class CircuitBreaker {

    public enum State { CLOSED, OPEN, HALF_OPEN }

    /** What a failure is recorded with: the breaker counts failures, the caller keeps the cause. */
    private static final RuntimeException FAILURE = new RuntimeException("call failed", null, false, false) { };

    private final String name;
    private final int failureThreshold;
    private final long openNanos;
    private final Ticker ticker;
    private final io.github.resilience4j.circuitbreaker.CircuitBreaker machine;

    private long openedAt;
    private long opened;

    public CircuitBreaker(String name, int failureThreshold, Duration openDuration, Ticker ticker) {
        if (failureThreshold < 1) {
            throw new IllegalArgumentException("failureThreshold must be at least 1, got " + failureThreshold);
        }
        this.name = name;
        this.failureThreshold = failureThreshold;
        this.openNanos = openDuration.toNanos();
        this.ticker = ticker;
        this.machine = io.github.resilience4j.circuitbreaker.CircuitBreaker.of(name, CircuitBreakerConfig.custom()
                .slidingWindow(failureThreshold, failureThreshold, SlidingWindowType.COUNT_BASED)
                .failureRateThreshold(100)
                .permittedNumberOfCallsInHalfOpenState(1)
                // at least 1 ms, as resilience4j requires; acquire() moves to HALF_OPEN on the ticker's time
                .waitDurationInOpenState(openDuration.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1)
                        : openDuration)
                .clock(new TickerClock(ticker))
                .currentTimestampFunction(clock -> ticker.nanoTime(), TimeUnit.NANOSECONDS)
                .build());
        machine.getEventPublisher().onStateTransition(event -> {
            var transition = event.getStateTransition();
            if (transition.getToState() == io.github.resilience4j.circuitbreaker.CircuitBreaker.State.OPEN) {
                openedAt = ticker.nanoTime();
                if (transition.getFromState() != io.github.resilience4j.circuitbreaker.CircuitBreaker.State.OPEN) {
                    opened++;
                }
            }
        });
    }

    /** Lets a call through, or throws when the breaker is open (or half-open with its trial call under way). */
    public synchronized void acquire() {
        if (openTimeIsOver()) {
            machine.transitionToHalfOpenState();
        }
        if (machine.tryAcquirePermission()) {
            return;
        }
        if (state() == State.HALF_OPEN) {
            throw new CircuitOpenException(name + " circuit is half-open: waiting for the trial call");
        }
        throw new CircuitOpenException(name + " circuit is open after " + failureThreshold
                + " failures in a row; retrying in "
                + Duration.ofNanos(openNanos - (ticker.nanoTime() - openedAt)).toMillis() + " ms");
    }

    public synchronized void onSuccess() {
        if (state() != State.CLOSED) {
            // a success closes the breaker whatever its state: the server answered
            machine.transitionToClosedState();
            return;
        }
        machine.onSuccess(0, TimeUnit.NANOSECONDS);
    }

    public synchronized void onFailure() {
        if (machine.getState() == io.github.resilience4j.circuitbreaker.CircuitBreaker.State.OPEN) {
            // a call let through before the breaker opened: it starts the open time again, opening nothing new
            // (resilience4j publishes no event for a move from a state to itself)
            machine.transitionToOpenState();
            openedAt = ticker.nanoTime();
            return;
        }
        machine.onError(0, TimeUnit.NANOSECONDS, FAILURE);
    }

    public synchronized State state() {
        return switch (machine.getState()) {
            case CLOSED -> State.CLOSED;
            case HALF_OPEN -> State.HALF_OPEN;
            default -> openTimeIsOver() ? State.HALF_OPEN : State.OPEN;
        };
    }

    /** How many times the breaker opened. */
    public synchronized long timesOpened() {
        return opened;
    }

    private boolean openTimeIsOver() {
        return machine.getState() == io.github.resilience4j.circuitbreaker.CircuitBreaker.State.OPEN
                && ticker.nanoTime() - openedAt >= openNanos;
    }

    /** The ticker as a clock, so resilience4j's own timing runs on the same time as ours. */
    private static final class TickerClock extends Clock {

        private final Ticker ticker;

        TickerClock(Ticker ticker) {
            this.ticker = ticker;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.EPOCH.plusNanos(ticker.nanoTime());
        }
    }
}
