package io.causalstream.extractor.backend.openai;

import io.causalstream.extractor.prompt.ChatTemplate;
import io.causalstream.openai.OpenAiClientSettings;
import java.net.URI;
import java.time.Duration;

/**
 * Settings of the OpenAI-compatible backend (vLLM, TGI, llama.cpp server, Ollama, or OpenAI itself), read by
 * {@link io.causalstream.extractor.backend.choice.BackendConfig}.
 *
 * <table>
 *   <caption>OpenAI-compatible backend settings</caption>
 *   <tr><th>key</th><th>environment variable</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>extractor.openai.base.url</td><td>EXTRACTOR_OPENAI_BASE_URL</td><td>http://localhost:8000/v1</td>
 *       <td>the server's API root (vLLM: http://host:8000/v1; Ollama: http://host:11434/v1)</td></tr>
 *   <tr><td>extractor.openai.api.key</td><td>EXTRACTOR_OPENAI_API_KEY</td><td>(none)</td><td>sent as a bearer
 *       token; set it through the environment, never in a file under version control</td></tr>
 *   <tr><td>extractor.openai.model</td><td>EXTRACTOR_OPENAI_MODEL</td><td>(required)</td><td>the model name the
 *       server serves</td></tr>
 *   <tr><td>extractor.openai.endpoint</td><td>EXTRACTOR_OPENAI_ENDPOINT</td><td>chat</td><td>chat
 *       (/chat/completions, the server applies the chat template) or completions (/completions, rendered here
 *       with extractor.openai.chat.template; batches several passages per request)</td></tr>
 *   <tr><td>extractor.openai.chat.template</td><td>EXTRACTOR_OPENAI_CHAT_TEMPLATE</td><td>inst</td><td>inst
 *       (Llama-2, Mistral), llama3 or plain; completions endpoint only</td></tr>
 *   <tr><td>extractor.openai.structured.output</td><td>EXTRACTOR_OPENAI_STRUCTURED_OUTPUT</td><td>true</td><td>ask
 *       for JSON under a JSON schema (response_format) first; falls back to extractor.prompt.format when the
 *       server refuses. Chat endpoint only</td></tr>
 *   <tr><td>extractor.openai.max.tokens</td><td>EXTRACTOR_OPENAI_MAX_TOKENS</td><td>512</td><td>the answer's
 *       token limit; an answer cut there is parsed, flagged TRUNCATED and not cached</td></tr>
 *   <tr><td>extractor.openai.temperature</td><td>EXTRACTOR_OPENAI_TEMPERATURE</td><td>0.0</td><td>sampling
 *       temperature (0: greedy, reproducible, cacheable)</td></tr>
 *   <tr><td>extractor.openai.timeout.ms</td><td>EXTRACTOR_OPENAI_TIMEOUT_MS</td><td>120000</td><td>per-request
 *       timeout</td></tr>
 *   <tr><td>extractor.openai.connect.timeout.ms</td><td>EXTRACTOR_OPENAI_CONNECT_TIMEOUT_MS</td><td>5000</td>
 *       <td>TCP connect timeout</td></tr>
 *   <tr><td>extractor.openai.max.attempts</td><td>EXTRACTOR_OPENAI_MAX_ATTEMPTS</td><td>4</td><td>attempts per
 *       request, the first included, on 429, 5xx, timeouts and connection errors</td></tr>
 *   <tr><td>extractor.openai.backoff.ms</td><td>EXTRACTOR_OPENAI_BACKOFF_MS</td><td>500</td><td>base of the
 *       exponential backoff (full jitter)</td></tr>
 *   <tr><td>extractor.openai.backoff.max.ms</td><td>EXTRACTOR_OPENAI_BACKOFF_MAX_MS</td><td>30000</td><td>backoff
 *       cap</td></tr>
 *   <tr><td>extractor.openai.circuit.failures</td><td>EXTRACTOR_OPENAI_CIRCUIT_FAILURES</td><td>5</td><td>failed
 *       calls in a row that open the circuit breaker</td></tr>
 *   <tr><td>extractor.openai.circuit.open.ms</td><td>EXTRACTOR_OPENAI_CIRCUIT_OPEN_MS</td><td>30000</td><td>how
 *       long the breaker stays open before a trial call</td></tr>
 *   <tr><td>extractor.openai.requests.per.minute</td><td>EXTRACTOR_OPENAI_REQUESTS_PER_MINUTE</td><td>0</td>
 *       <td>request budget, 0 = unlimited</td></tr>
 *   <tr><td>extractor.openai.tokens.per.minute</td><td>EXTRACTOR_OPENAI_TOKENS_PER_MINUTE</td><td>0</td><td>token
 *       budget (prompt + completion), 0 = unlimited</td></tr>
 *   <tr><td>extractor.openai.batch.size</td><td>EXTRACTOR_OPENAI_BATCH_SIZE</td><td>8</td><td>passages per
 *       /completions request (its prompt is a list); 1 disables batching</td></tr>
 *   <tr><td>extractor.openai.batch.linger.ms</td><td>EXTRACTOR_OPENAI_BATCH_LINGER_MS</td><td>5</td><td>how long
 *       a batch waits to fill up</td></tr>
 *   <tr><td>extractor.openai.max.in.flight</td><td>EXTRACTOR_OPENAI_MAX_IN_FLIGHT</td><td>16</td><td>HTTP
 *       requests open at the same time</td></tr>
 * </table>
 */
public record OpenAiSettings(URI baseUrl, String apiKey, String model, Endpoint endpoint, ChatTemplate template,
                             boolean structuredOutput, int maxTokens, double temperature, Duration timeout,
                             Duration connectTimeout, int maxAttempts, Duration backoff, Duration backoffMax,
                             int circuitFailures, Duration circuitOpen, long requestsPerMinute,
                             long tokensPerMinute, int batchSize, Duration batchLinger, int maxInFlight) {

    public enum Endpoint { CHAT, COMPLETIONS }

    public static final String PREFIX = "extractor.openai.";

    public OpenAiSettings {
        require(model != null && !model.isBlank(), PREFIX + "model must be set (the model name the server serves)");
        require(maxTokens >= 1, PREFIX + "max.tokens must be at least 1");
        require(temperature >= 0, PREFIX + "temperature must not be negative");
        require(maxAttempts >= 1, PREFIX + "max.attempts must be at least 1");
        require(circuitFailures >= 1, PREFIX + "circuit.failures must be at least 1");
        require(batchSize >= 1, PREFIX + "batch.size must be at least 1");
        require(maxInFlight >= 1, PREFIX + "max.in.flight must be at least 1");
        require(requestsPerMinute >= 0 && tokensPerMinute >= 0, PREFIX + "rate limits must not be negative");
        require(!timeout.isNegative() && !timeout.isZero(), PREFIX + "timeout.ms must be positive");
        require(backoffMax.compareTo(backoff) >= 0, PREFIX + "backoff.max.ms must be at least backoff.ms");
        String scheme = baseUrl.getScheme();
        require("http".equals(scheme) || "https".equals(scheme), PREFIX + "base.url must be http(s), got "
                + baseUrl);
    }

    /** What the HTTP client needs of these settings. */
    public OpenAiClientSettings client() {
        return new OpenAiClientSettings(baseUrl, apiKey, model, maxTokens, temperature, timeout, connectTimeout,
                maxAttempts, backoff, backoffMax, circuitFailures, circuitOpen, requestsPerMinute, tokensPerMinute,
                maxInFlight);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
