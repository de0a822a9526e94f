package io.causalstream.extractor.backend;

/**
 * The backend as a whole is down (its circuit breaker is open): no passage is to blame, so the pipeline does not
 * dead-letter the batch but retries it after a pause, and the passages wait for the server to come back.
 */
public class BackendUnavailableException extends BackendException {

    public BackendUnavailableException(String message) {
        super(message);
    }
}
