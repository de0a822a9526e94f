package io.causalstream.openai;

/**
 * The server as a whole is down (the client's circuit breaker is open): no request is to blame, so callers
 * should wait and try again rather than give up on the request's input.
 */
public class ServerUnavailableException extends OpenAiException {

    public ServerUnavailableException(String message) {
        super(message);
    }
}
