package io.causalstream.serde;

/**
 * The schema registry could not be asked (down, unreachable, overloaded, still loading) for longer than the retry
 * budget: the record may be valid, so it must not be dead-lettered; the service fails (or waits) instead.
 */
public class RegistryUnavailableException extends RuntimeException {

    public RegistryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
