package io.causalstream.serde;

import java.time.Duration;

/**
 * The waits of one encode or decode call between its attempts at the registry ({@link RetryingSerializer},
 * {@link RetryingDeserializer}): the policy's backoff, doubling up to its maximum, and the attempt count.
 */
final class RegistryBackoff {

    private final RetryingDeserializer.Policy policy;
    private final RetryingDeserializer.Sleeper sleeper;
    private Duration next;
    private int attempt = 1;

    RegistryBackoff(RetryingDeserializer.Policy policy, RetryingDeserializer.Sleeper sleeper) {
        this.policy = policy;
        this.sleeper = sleeper;
        this.next = policy.initialBackoff();
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
            sleeper.sleep(next);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new RegistryUnavailableException("interrupted while waiting for the schema registry", failure);
        }
        next = policy.next(next);
        attempt++;
    }
}
