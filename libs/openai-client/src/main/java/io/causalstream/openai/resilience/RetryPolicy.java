package io.causalstream.openai.resilience;

import io.github.resilience4j.core.IntervalFunction;
import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * How often and how long to wait before retrying a failed request: exponential backoff with full jitter (a random
 * pause between zero and {@code base * 2^(attempt-1)}, capped), so clients that failed together do not retry
 * together. A server's {@code Retry-After} is a floor: retrying earlier would only be refused again. The ceiling is
 * resilience4j's exponential backoff, the one backoff computation of the registry serdes and the graph sink too.
 *
 * <p>Not a resilience4j {@code Retry}: the client's loop decides per answer (a 429 pauses the shared rate limit, a
 * 4xx is not retried), honours Retry-After, and sleeps on its {@link Ticker} so tests need not wait.
 *
 * @param maxAttempts attempts in total, the first included (1 = no retry)
 */
public record RetryPolicy(int maxAttempts, Duration baseBackoff, Duration maxBackoff, DoubleSupplier random) {

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
        if (baseBackoff.isNegative() || maxBackoff.compareTo(baseBackoff) < 0) {
            throw new IllegalArgumentException("backoffs must satisfy 0 <= base <= max, got " + baseBackoff + ", "
                    + maxBackoff);
        }
    }

    public static RetryPolicy of(int maxAttempts, Duration baseBackoff, Duration maxBackoff) {
        return new RetryPolicy(maxAttempts, baseBackoff, maxBackoff,
                () -> java.util.concurrent.ThreadLocalRandom.current().nextDouble());
    }

    /** Whether another attempt follows attempt number {@code attempt} (1-based). */
    public boolean retryAfter(int attempt) {
        return attempt < maxAttempts;
    }

    /**
     * The pause after failed attempt {@code attempt} (1-based).
     *
     * @param retryAfter the server's Retry-After, or null
     */
    public Duration delay(int attempt, Duration retryAfter) {
        double ceiling = baseBackoff.toMillis() < 1 ? 0 : Duration.ofMillis(IntervalFunction.ofExponentialBackoff(
                baseBackoff.toMillis(), 2, maxBackoff.toMillis()).apply(Math.max(1, attempt))).toNanos();
        long jittered = (long) (ceiling * random.getAsDouble());
        Duration d = Duration.ofNanos(jittered);
        return retryAfter != null && retryAfter.compareTo(d) > 0 ? retryAfter : d;
    }
}
