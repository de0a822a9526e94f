package io.causalstream.openai.ratelimit;

import io.causalstream.openai.resilience.Ticker;
import java.time.Duration;

/**
 * Keeps requests and tokens under their per-minute budgets (the limits inference providers and shared GPU servers
 * set), as two token buckets refilled continuously: a burst may use a whole minute's budget, after which calls wait
 * for refill. Tokens are estimated before a request and corrected with the server's count after it
 * ({@link #settle}). A 429 from the server pauses every caller ({@link #pause}), so the backoff is shared and the
 * clients do not storm the server the moment their own timers expire. A limit of 0 means unlimited. Thread-safe.
 * Written here rather than on Bucket4j (which the pages' per-key limits use): a request's token cost is only known
 * after it, and a 429 pauses every caller until the server's Retry-After, neither of which Bucket4j models.
 */
public final class RequestBudget {

    private static final long MINUTE = Duration.ofMinutes(1).toNanos();

    private final Bucket requests;
    private final Bucket tokens;
    private final Ticker ticker;
    private long pausedUntil;

    public RequestBudget(long requestsPerMinute, long tokensPerMinute, Ticker ticker) {
        if (requestsPerMinute < 0 || tokensPerMinute < 0) {
            throw new IllegalArgumentException("rate limits must not be negative");
        }
        this.ticker = ticker;
        long now = ticker.nanoTime();
        this.requests = requestsPerMinute == 0 ? null : new Bucket(requestsPerMinute, now);
        this.tokens = tokensPerMinute == 0 ? null : new Bucket(tokensPerMinute, now);
        this.pausedUntil = now;
    }

    public static RequestBudget unlimited() {
        return new RequestBudget(0, 0, Ticker.SYSTEM);
    }

    /**
     * Blocks until one request of about {@code estimatedTokens} tokens fits both budgets, then takes it from them.
     * A request larger than the whole token budget waits for a full bucket and then goes (it could never fit).
     *
     * @return the time waited, in nanoseconds
     */
    public long acquire(long estimatedTokens) throws InterruptedException {
        long waited = 0;
        while (true) {
            long wait;
            synchronized (this) {
                long now = ticker.nanoTime();
                wait = Math.max(0, pausedUntil - now);
                if (wait == 0) {
                    wait = Math.max(waitFor(requests, 1, now), waitFor(tokens, estimatedTokens, now));
                    if (wait == 0) {
                        take(requests, 1, now);
                        take(tokens, estimatedTokens, now);
                        return waited;
                    }
                }
            }
            ticker.sleepNanos(wait);
            waited += wait;
        }
    }

    /** Corrects the token budget once the server reported what a request really used. */
    public synchronized void settle(long estimatedTokens, long actualTokens) {
        if (tokens != null) {
            tokens.level += estimatedTokens - actualTokens;
            tokens.level = Math.min(tokens.level, tokens.capacity);
        }
    }

    /** Holds every caller back for {@code duration} (a 429's Retry-After, or the backoff chosen after one). */
    public synchronized void pause(Duration duration) {
        pausedUntil = Math.max(pausedUntil, ticker.nanoTime() + duration.toNanos());
    }

    private static long waitFor(Bucket b, long amount, long now) {
        if (b == null) {
            return 0;
        }
        b.refill(now);
        double needed = Math.min(amount, b.capacity) - b.level;
        if (needed <= 0) {
            return 0;
        }
        return Math.max(1, (long) Math.ceil(needed * MINUTE / b.capacity));
    }

    private static void take(Bucket b, long amount, long now) {
        if (b != null) {
            b.refill(now);
            b.level -= amount;
        }
    }

    private static final class Bucket {
        final double capacity;
        double level;
        long refilledAt;

        Bucket(long perMinute, long now) {
            this.capacity = perMinute;
            this.level = perMinute;
            this.refilledAt = now;
        }

        void refill(long now) {
            level = Math.min(capacity, level + (now - refilledAt) * capacity / MINUTE);
            refilledAt = now;
        }
    }
}
