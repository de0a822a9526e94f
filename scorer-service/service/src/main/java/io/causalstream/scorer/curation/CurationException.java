package io.causalstream.scorer.curation;

/**
 * A correction that cannot be accepted, with a code for programs ({@code invalid_edit}, {@code too_many_edges},
 * {@code label_too_long}, ...) and a message for the curator.
 */
public final class CurationException extends RuntimeException {

    private final String code;

    public CurationException(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
