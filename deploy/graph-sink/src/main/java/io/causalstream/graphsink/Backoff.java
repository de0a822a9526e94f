package io.causalstream.graphsink;

import io.github.resilience4j.core.IntervalFunction;

/**
 * Exponential pause between retries while the database is unreachable: initial, doubled per failure, capped
 * (resilience4j's exponential backoff, the one backoff computation of the OpenAI client and the registry serdes).
 * Not a resilience4j {@code Retry}: a Connect task must not sleep in {@code put}, it throws
 * {@code RetriableException} after {@code context.timeout(pause)} and Connect redelivers the batch.
 */
public final class Backoff {

    private final IntervalFunction pauses;
    private int failures;

    /** @param initialMs at least 1 (as the sink's settings require) */
    public Backoff(long initialMs, long maxMs) {
        this.pauses = IntervalFunction.ofExponentialBackoff(initialMs, 2, Math.max(initialMs, maxMs));
    }

    /** The pause after one more failure in a row. */
    public long next() {
        failures++;
        return pauses.apply(Math.min(failures, 63)); // the cap is reached long before; no longer walk
    }

    public void reset() {
        failures = 0;
    }

    public int failuresInARow() {
        return failures;
    }
}
