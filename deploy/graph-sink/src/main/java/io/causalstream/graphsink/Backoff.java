package io.causalstream.graphsink;

/** Exponential pause between retries while the database is unreachable: initial, doubled per failure, capped. */
public final class Backoff {

    private final long initialMs;
    private final long maxMs;
    private int failures;

    public Backoff(long initialMs, long maxMs) {
        this.initialMs = initialMs;
        this.maxMs = Math.max(initialMs, maxMs);
    }

    /** The pause after one more failure in a row. */
    public long next() {
        long pause = initialMs << Math.min(failures, 30);
        failures++;
        return pause <= 0 || pause > maxMs ? maxMs : pause;
    }

    public void reset() {
        failures = 0;
    }

    public int failuresInARow() {
        return failures;
    }
}
