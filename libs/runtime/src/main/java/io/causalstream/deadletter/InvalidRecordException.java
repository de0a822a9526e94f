package io.causalstream.deadletter;

/**
 * A record that must not be processed: it does not decode, breaks a rule of the contract (unknown passage, rater
 * judging their own annotation, ...), or its processing failed for reasons of its own. The one "rejected record"
 * exception of every service: thrown before any state changes, it sends the original bytes to the topic's
 * dead-letter topic with this message (joined with its causes') as the reason, and processing goes on — through
 * the {@link DeadLetterExceptionHandler} in the Streams services, directly in the extractor's pipeline.
 */
public class InvalidRecordException extends RuntimeException {

    /** The code of a record that breaks a rule, when no finer one is given. */
    public static final String INVALID = "invalid";
    /** The code of a record whose schema id the schema registry does not have. */
    public static final String UNKNOWN_SCHEMA_ID = "unknown_schema_id";
    /** The code of a record whose bytes are not a value of its topic's schema in the registry's wire format. */
    public static final String UNDECODABLE = "undecodable";

    private final String code;

    public InvalidRecordException(String reason) {
        this(INVALID, reason, null);
    }

    public InvalidRecordException(String reason, Throwable cause) {
        this(INVALID, reason, cause);
    }

    /**
     * @param code   a short label for metrics (e.g. {@code undecodable}, {@code OWN_ANNOTATION}); not part of the
     *               dead-letter reason
     * @param reason why the record was rejected, naming the record and the rule: the dead-letter reason
     * @param cause  what went wrong underneath, or null
     */
    public InvalidRecordException(String code, String reason, Throwable cause) {
        super(reason, cause);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
