package io.causalstream.validation.verify;

import io.causalstream.openai.ChatMessage;
import io.causalstream.openai.ClientMeters;
import io.causalstream.openai.OpenAiClient;
import io.causalstream.openai.OpenAiClientSettings;
import io.causalstream.openai.resilience.Ticker;
import io.causalstream.runtime.Config;
import io.causalstream.validation.ValidationSettings;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A {@link YesNoModel} over any OpenAI-compatible server (vLLM, TGI, llama.cpp, Ollama): one
 * {@code POST {base}/chat/completions} per question, a few tokens of answer. Greedy by default (temperature 0): the
 * answer is deterministic and asked once per edge; with {@code validation.verifier.temperature} above 0 (WikiCausal
 * samples, 0.7) each of the {@code validation.verification.tries} asks is an independent vote. The transport is the project's one {@link OpenAiClient}: timeouts,
 * retries with backoff on 429, 5xx and timeouts, a circuit breaker (a dead server fails the remaining asks at once
 * instead of timing out five times per edge) and an optional rate limit. Failures after that throw, which the
 * majority vote counts as no answer.
 *
 * <table>
 *   <caption>Verifier settings (the LLM check is off unless a base URL is given)</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code validation.verifier.base.url}</td><td>{@code VALIDATION_VERIFIER_BASE_URL}</td><td>(none: no
 *       LLM check)</td><td>API root, e.g. {@code http://localhost:8000/v1}.</td></tr>
 *   <tr><td>{@code validation.verifier.model}</td><td>{@code VALIDATION_VERIFIER_MODEL}</td><td>(required with a
 *       URL)</td><td>Model name the server knows.</td></tr>
 *   <tr><td>{@code validation.verifier.api.key}</td><td>{@code VALIDATION_VERIFIER_API_KEY}</td><td>(none)</td>
 *       <td>Bearer token.</td></tr>
 *   <tr><td>{@code validation.verifier.temperature}</td><td>{@code VALIDATION_VERIFIER_TEMPERATURE}</td>
 *       <td>0</td><td>Sampling temperature of each ask; 0 is greedy (deterministic, one ask per edge).</td></tr>
 *   <tr><td>{@code validation.verifier.timeout.ms}</td><td>{@code VALIDATION_VERIFIER_TIMEOUT_MS}</td>
 *       <td>30000</td><td>Per-request timeout.</td></tr>
 *   <tr><td>{@code validation.verifier.connect.timeout.ms}</td><td>{@code VALIDATION_VERIFIER_CONNECT_TIMEOUT_MS}</td>
 *       <td>5000</td><td>TCP connect timeout.</td></tr>
 *   <tr><td>{@code validation.verifier.max.attempts}</td><td>{@code VALIDATION_VERIFIER_MAX_ATTEMPTS}</td>
 *       <td>3</td><td>Attempts per ask, the first included, on 429, 5xx, timeouts and connection errors.</td></tr>
 *   <tr><td>{@code validation.verifier.backoff.ms}</td><td>{@code VALIDATION_VERIFIER_BACKOFF_MS}</td>
 *       <td>500</td><td>Base of the exponential backoff between attempts (full jitter).</td></tr>
 *   <tr><td>{@code validation.verifier.backoff.max.ms}</td><td>{@code VALIDATION_VERIFIER_BACKOFF_MAX_MS}</td>
 *       <td>5000</td><td>Backoff cap.</td></tr>
 *   <tr><td>{@code validation.verifier.circuit.failures}</td><td>{@code VALIDATION_VERIFIER_CIRCUIT_FAILURES}</td>
 *       <td>5</td><td>Failed calls in a row that open the circuit breaker.</td></tr>
 *   <tr><td>{@code validation.verifier.circuit.open.ms}</td><td>{@code VALIDATION_VERIFIER_CIRCUIT_OPEN_MS}</td>
 *       <td>30000</td><td>How long the breaker stays open before a trial call.</td></tr>
 *   <tr><td>{@code validation.verifier.requests.per.minute}</td>
 *       <td>{@code VALIDATION_VERIFIER_REQUESTS_PER_MINUTE}</td><td>0</td><td>Request budget, 0 = unlimited.</td></tr>
 *   <tr><td>{@code validation.verifier.tokens.per.minute}</td><td>{@code VALIDATION_VERIFIER_TOKENS_PER_MINUTE}</td>
 *       <td>0</td><td>Token budget (prompt + answer), 0 = unlimited.</td></tr>
 *   <tr><td>{@code validation.verifier.max.in.flight}</td><td>{@code VALIDATION_VERIFIER_MAX_IN_FLIGHT}</td>
 *       <td>16</td><td>HTTP requests open at the same time.</td></tr>
 * </table>
 */
public final class OpenAiYesNoModel implements YesNoModel, AutoCloseable {

    public static final String PREFIX = "validation.verifier.";
    public static final String BASE_URL = PREFIX + "base.url";
    /** "Yes" or "No" and a little slack; the prompt asks for nothing longer. */
    private static final int MAX_TOKENS = 4;

    /** Greedy: the same question gets the same answer, so a restart or a retry changes nothing. */
    public static final double DEFAULT_TEMPERATURE = 0.0;

    private final OpenAiClient client;
    private final boolean deterministic;

    public OpenAiYesNoModel(OpenAiClient client, OpenAiClientSettings settings) {
        this.client = client;
        this.deterministic = settings.temperature() == 0;
    }

    /** The verifier the configuration asks for: {@link CausalVerifier#NONE} without a base URL. */
    public static CausalVerifier verifierFrom(Config config) {
        return verifierFrom(config, ClientMeters.NONE);
    }

    /** {@link #verifierFrom(Config)} reporting its HTTP calls to {@code meters}. */
    public static CausalVerifier verifierFrom(Config config, ClientMeters meters) {
        return settingsFrom(config).map(s -> {
            OpenAiYesNoModel model = new OpenAiYesNoModel(new OpenAiClient(s, meters, Ticker.SYSTEM), s);
            ValidationSettings settings = ValidationSettings.from(config);
            return (CausalVerifier) new MajorityVoteVerifier(model, settings.verifierTries(),
                    settings.verifierMajority());
        }).orElse(CausalVerifier.NONE);
    }

    /** The client settings under {@code validation.verifier.*}, or empty without a base URL (no LLM check). */
    public static Optional<OpenAiClientSettings> settingsFrom(Config config) {
        Optional<String> url = config.find(BASE_URL).filter(s -> !s.isBlank());
        if (url.isEmpty()) {
            return Optional.empty();
        }
        String model = config.get(PREFIX + "model", null);
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException(PREFIX + "model is required when " + BASE_URL + " is set");
        }
        try {
            return Optional.of(new OpenAiClientSettings(URI.create(url.get()), config.get(PREFIX + "api.key", null),
                    model, MAX_TOKENS, config.getDouble(PREFIX + "temperature", DEFAULT_TEMPERATURE), ms(config, "timeout.ms", 30_000),
                    ms(config, "connect.timeout.ms", 5_000), config.getInt(PREFIX + "max.attempts", 3),
                    ms(config, "backoff.ms", 500), ms(config, "backoff.max.ms", 5_000),
                    config.getInt(PREFIX + "circuit.failures", 5), ms(config, "circuit.open.ms", 30_000),
                    config.getLong(PREFIX + "requests.per.minute", 0), config.getLong(PREFIX + "tokens.per.minute", 0),
                    config.getInt(PREFIX + "max.in.flight", 16)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad " + PREFIX + "* setting: " + e.getMessage(), e);
        }
    }

    private static Duration ms(Config config, String key, long defaultMs) {
        return Duration.ofMillis(config.getLong(PREFIX + key, defaultMs));
    }

    @Override
    public boolean deterministic() {
        return deterministic;
    }

    @Override
    public String complete(String prompt) {
        return client.chat(List.of(ChatMessage.user(prompt))).text();
    }

    @Override
    public void close() {
        client.close();
    }
}
