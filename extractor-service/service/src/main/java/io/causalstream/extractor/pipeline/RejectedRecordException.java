package io.causalstream.extractor.pipeline;

/**
 * Why a record went to the dead-letter topic when the reason has a cause worth keeping: a value that does not
 * decode, or an extractor that failed on the passage. The dead-letter reason header joins this message with the
 * cause's, e.g. "value is not a Passage in the registry's Avro wire format <- Unknown magic byte!".
 */
public class RejectedRecordException extends RuntimeException {

    public RejectedRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
