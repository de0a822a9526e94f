package io.causalstream.extractor.generator;

import io.causalstream.extractor.backend.BackendException;

/**
 * The server refused a request for structured output (no {@code response_format} JSON-schema support): the
 * extractor switches to the tagged text format for this and every later passage.
 */
public class StructuredOutputUnsupportedException extends BackendException {

    public StructuredOutputUnsupportedException(String message) {
        super(message);
    }
}
