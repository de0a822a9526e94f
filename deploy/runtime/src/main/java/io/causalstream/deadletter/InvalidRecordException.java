package io.causalstream.deadletter;

/**
 * A record that decoded fine but breaks a rule of the contract (unknown passage, rater judging their own
 * annotation, ...). Thrown from a topology before any state changes; the {@link DeadLetterExceptionHandler}
 * sends the original bytes to the topic's dead-letter topic with this message as the reason, and processing goes on.
 */
public class InvalidRecordException extends RuntimeException {

    public InvalidRecordException(String reason) {
        super(reason);
    }
}
