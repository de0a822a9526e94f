package io.causalstream.openai.resilience;

/**
 * A {@link CircuitBreaker} refused a call: it is open, or half-open with its trial call under way. The client says
 * so to its callers as its own "server unavailable".
 */
public class CircuitOpenException extends RuntimeException {

    public CircuitOpenException(String message) {
        super(message);
    }
}
