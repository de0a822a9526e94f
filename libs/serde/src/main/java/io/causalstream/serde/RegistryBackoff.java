package io.causalstream.serde;

/**
 * The waits of one encode or decode call between its attempts at the registry ({@link RetryingSerializer},
 * {@link RetryingDeserializer}): the policy's backoff, doubling up to its maximum, and the attempt count.
 *
 * <p>Not a resilience4j {@code Retry}: the call gives up on a time budget, not a count of attempts, tells a
 * persisting 404 from an outage between attempts, and sleeps on the caller's {@link RetryingDeserializer.Sleeper}.
 */
final class RegistryBackoff {

    private final RetryingDeserializer.Policy policy;
    private final RetryingDeserializer.Sleeper sleeper;
    private int attempt = 1;

    RegistryBackoff(RetryingDeserializer.Policy policy, RetryingDeserializer.Sleeper sleeper) {
        this.policy = policy;
        this.sleeper = sleeper;
    }

    /** The attempt under way, from 1. */
    int attempt() {
        return attempt;
    }

    /** Whether the failure of this attempt is worth a log line: the first, then every tenth. */
    boolean worthReporting() {
        return attempt == 1 || attempt % 10 == 0;
    }

    /**
     * Waits before the next attempt.
     *
     * @throws RegistryUnavailableException when interrupted meanwhile (the interrupt flag is kept)
     */
    void pause(RuntimeException failure) {
        try {
            sleeper.sleep(policy.backoff(attempt));
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new RegistryUnavailableException("interrupted while waiting for the schema registry", failure);
        }
        attempt++;
    }
}
