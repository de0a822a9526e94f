package io.causalstream.openai;

import java.net.URI;
import java.time.Duration;

/**
 * Everything the client needs to talk to one OpenAI-compatible server. Each user reads these from its own keys
 * with its own defaults (the extractor's {@code extractor.openai.*}, the verifier's {@code validation.verifier.*})
 * and checks them there, so errors name the user's keys; the checks here only guard the client itself.
 *
 * @param baseUrl           the API root, without a trailing slash (vLLM: {@code http://host:8000/v1})
 * @param apiKey            sent as a bearer token, or null
 * @param model             the model name the server serves
 * @param maxTokens         the answer's token limit
 * @param temperature       sampling temperature (0: greedy)
 * @param timeout           per-request timeout (connect to last byte)
 * @param connectTimeout    TCP connect timeout
 * @param maxAttempts       attempts per request, the first included, on 429, 5xx, timeouts and connection errors
 * @param backoff           base of the exponential backoff between attempts (full jitter)
 * @param backoffMax        backoff cap
 * @param circuitFailures   failed calls in a row that open the circuit breaker
 * @param circuitOpen       how long the breaker stays open before a trial call
 * @param requestsPerMinute request budget, 0 = unlimited
 * @param tokensPerMinute   token budget (prompt + completion), 0 = unlimited
 * @param maxInFlight       HTTP requests open at the same time
 */
public record OpenAiClientSettings(URI baseUrl, String apiKey, String model, int maxTokens, double temperature,
                                   Duration timeout, Duration connectTimeout, int maxAttempts, Duration backoff,
                                   Duration backoffMax, int circuitFailures, Duration circuitOpen,
                                   long requestsPerMinute, long tokensPerMinute, int maxInFlight) {

    public OpenAiClientSettings {
        require(baseUrl != null && ("http".equals(baseUrl.getScheme()) || "https".equals(baseUrl.getScheme())),
                "base URL must be http(s), got " + baseUrl);
        require(model != null && !model.isBlank(), "model must be set");
        require(maxTokens >= 1, "max tokens must be at least 1");
        require(temperature >= 0, "temperature must not be negative");
        require(timeout.isPositive() && connectTimeout.isPositive(), "timeouts must be positive");
        require(maxAttempts >= 1, "max attempts must be at least 1");
        require(!backoff.isNegative() && backoffMax.compareTo(backoff) >= 0, "backoff max must be at least backoff");
        require(circuitFailures >= 1, "circuit failures must be at least 1");
        require(requestsPerMinute >= 0 && tokensPerMinute >= 0, "rate limits must not be negative");
        require(maxInFlight >= 1, "max in flight must be at least 1");
        String url = baseUrl.toString();
        if (url.endsWith("/")) {
            baseUrl = URI.create(url.replaceAll("/+$", ""));
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
