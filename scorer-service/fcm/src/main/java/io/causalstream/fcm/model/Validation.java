package io.causalstream.fcm.model;

/**
 * An edge's validation state (the contract's {@code ValidationState}), in order of trust: a filter's minimum admits
 * its own state and every state after it. ERROR (validation could not decide) ranks above REJECTED (validation
 * decided against the edge) and below UNCHECKED.
 */
public enum Validation {
    REJECTED, ERROR, UNCHECKED, HYPOTHESIZED, VALIDATED;

    public boolean atLeast(Validation minimum) {
        return compareTo(minimum) >= 0;
    }
}
