package io.causalstream.extractor.ingest;

import io.causalstream.openai.resilience.Ticker;

/** Spaces sends evenly at a fixed rate (records per second; 0 = as fast as possible), without bursts. */
public final class Pacer {

    private final double perSecond;
    private final Ticker ticker;
    private long next;

    public Pacer(double perSecond, Ticker ticker) {
        if (perSecond < 0) {
            throw new IllegalArgumentException("--rate must not be negative");
        }
        this.perSecond = perSecond;
        this.ticker = ticker;
        this.next = ticker.nanoTime();
    }

    public void await() throws InterruptedException {
        if (perSecond == 0) {
            return;
        }
        long now = ticker.nanoTime();
        if (next > now) {
            ticker.sleepNanos(next - now);
        }
        next = Math.max(next, now) + (long) (1e9 / perSecond);
    }
}
