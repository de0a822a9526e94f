package io.causalstream.openai;

import java.time.Duration;

/**
 * What the client reports about its calls; each user maps it onto its own metric names (the extractor's
 * {@code extractor_backend_*}), so this module needs no metrics library. Implementations must be thread-safe.
 */
public interface ClientMeters {

    /** Reports nothing. */
    ClientMeters NONE = new ClientMeters() {
    };

    /** One HTTP call ended: ok, throttled (429), retryable (5xx, timeout, malformed), rejected or failed. */
    default void call(String outcome, Duration elapsed) {
    }

    /** Tokens the server counted for a successful call; either may be null when the server did not say. */
    default void tokens(Integer prompt, Integer completion) {
    }

    /** A call is about to be retried. */
    default void retry() {
    }
}
