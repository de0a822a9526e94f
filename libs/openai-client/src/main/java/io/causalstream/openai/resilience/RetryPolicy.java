package io.causalstream.openai.resilience;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * How often and how long to wait before retrying a failed request: exponential backoff with full jitter (a random
 * pause between zero and {@code base * 2^(attempt-1)}, capped), so clients that failed together do not retry
 * together. A server's {@code Retry-After} is a floor: retrying earlier would only be refused again.
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
        double ceiling = Math.min((double) maxBackoff.toNanos(),
                baseBackoff.toNanos() * Math.pow(2, Math.max(0, attempt - 1)));
        long jittered = (long) (ceiling * random.getAsDouble());
        Duration d = Duration.ofNanos(jittered);
        return retryAfter != null && retryAfter.compareTo(d) > 0 ? retryAfter : d;
    }
}
