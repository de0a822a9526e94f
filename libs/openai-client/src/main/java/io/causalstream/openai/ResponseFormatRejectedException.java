package io.causalstream.openai;

/**
 * The server refused a request for structured output (no {@code response_format} JSON-schema support): callers
 * fall back to asking for plain text.
 */
public class ResponseFormatRejectedException extends OpenAiException {

    public ResponseFormatRejectedException(String message) {
        super(message);
    }
}
