package io.causalstream.openai;

/** The server gave no usable answer to a request, after the client's own retries (or a request not worth retrying). */
public class OpenAiException extends RuntimeException {

    public OpenAiException(String message) {
        super(message);
    }

    public OpenAiException(String message, Throwable cause) {
        super(message, cause);
    }
}
