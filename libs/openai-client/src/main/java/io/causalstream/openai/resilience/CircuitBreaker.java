package io.causalstream.openai.resilience;

import java.time.Duration;

/**
 * Stops calling a server that keeps failing. CLOSED: calls go through; {@code failureThreshold} failures in a row
 * open it. OPEN: calls fail at once with {@link CircuitOpenException} for {@code openDuration}. Then
 * HALF_OPEN: one trial call goes through; its success closes the breaker, its failure opens it again. Without it,
 * every queued passage would pay the full retry schedule against a dead server. Thread-safe.
 */
public final class CircuitBreaker {

    public enum State { CLOSED, OPEN, HALF_OPEN }

    private final String name;
    private final int failureThreshold;
    private final long openNanos;
    private final Ticker ticker;

    private State state = State.CLOSED;
    private int consecutiveFailures;
    private long openedAt;
    private boolean trialInFlight;
    private long opened;

    public CircuitBreaker(String name, int failureThreshold, Duration openDuration, Ticker ticker) {
        if (failureThreshold < 1) {
            throw new IllegalArgumentException("failureThreshold must be at least 1, got " + failureThreshold);
        }
        this.name = name;
        this.failureThreshold = failureThreshold;
        this.openNanos = openDuration.toNanos();
        this.ticker = ticker;
    }

    /** Lets a call through, or throws when the breaker is open (or half-open with its trial call under way). */
    public synchronized void acquire() {
        if (state == State.OPEN && ticker.nanoTime() - openedAt >= openNanos) {
            state = State.HALF_OPEN;
            trialInFlight = false;
        }
        switch (state) {
            case CLOSED -> {
            }
            case HALF_OPEN -> {
                if (trialInFlight) {
                    throw new CircuitOpenException(name + " circuit is half-open: waiting for the trial call");
                }
                trialInFlight = true;
            }
            case OPEN -> throw new CircuitOpenException(name + " circuit is open after "
                    + failureThreshold + " failures in a row; retrying in "
                    + Duration.ofNanos(openNanos - (ticker.nanoTime() - openedAt)).toMillis() + " ms");
        }
    }

    public synchronized void onSuccess() {
        state = State.CLOSED;
        consecutiveFailures = 0;
        trialInFlight = false;
    }

    public synchronized void onFailure() {
        consecutiveFailures++;
        if (state == State.HALF_OPEN || consecutiveFailures >= failureThreshold) {
            if (state != State.OPEN) {
                opened++;
            }
            state = State.OPEN;
            openedAt = ticker.nanoTime();
            trialInFlight = false;
        }
    }

    public synchronized State state() {
        if (state == State.OPEN && ticker.nanoTime() - openedAt >= openNanos) {
            return State.HALF_OPEN;
        }
        return state;
    }

    /** How many times the breaker opened. */
    public synchronized long timesOpened() {
        return opened;
    }
}
