package io.causalstream.openai;

/**
 * The server as a whole is unavailable (the client's circuit breaker is open, or every attempt of a request met a
 * refused or timed-out connection, 429, 502, 503 or 504): no request is to blame, so callers should wait and try
 * again rather than give up on the request's input.
 */
public class ServerUnavailableException extends OpenAiException {

    public ServerUnavailableException(String message) {
        super(message);
    }

    public ServerUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
