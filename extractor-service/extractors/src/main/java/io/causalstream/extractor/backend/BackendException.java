package io.causalstream.extractor.backend;

/**
 * The model could not answer for this passage, after retries: the pipeline dead-letters the passage with this
 * message and goes on with the others.
 */
public class BackendException extends RuntimeException {

    public BackendException(String message) {
        super(message);
    }

    public BackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
