package io.causalstream.validation.verify;

import io.causalstream.openai.ChatMessage;
import io.causalstream.openai.ClientMeters;
import io.causalstream.openai.OpenAiClient;
import io.causalstream.openai.OpenAiClientSettings;
import io.causalstream.openai.resilience.Ticker;
import java.util.List;

/**
 * A {@link YesNoModel} over any OpenAI-compatible server (vLLM, TGI, llama.cpp, Ollama): one
 * {@code POST {base}/chat/completions} per question, a few tokens of answer. Greedy by default (temperature 0): the
 * answer is deterministic and asked once per edge; with {@code validation.verifier.temperature} above 0 (WikiCausal
 * samples, 0.7) each of the {@code validation.verification.tries} asks is an independent vote. The transport is
 * the project's one {@link OpenAiClient}: timeouts, retries with backoff on 429, 5xx and timeouts, a circuit
 * breaker (a dead server fails the remaining asks at once instead of timing out five times per edge) and an
 * optional rate limit. Failures after that throw, which the
 * majority vote counts as no answer.
 *
 * <table>
 *   <caption>Verifier settings (the LLM check is off unless a base URL is given), read by {@link VerifierConfig}
 *   </caption>
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
    static final int MAX_TOKENS = 4;

    /** Greedy: the same question gets the same answer, so a restart or a retry changes nothing. */
    public static final double DEFAULT_TEMPERATURE = 0.0;

    private final OpenAiClient client;
    private final boolean deterministic;

    public OpenAiYesNoModel(OpenAiClient client, OpenAiClientSettings settings) {
        this.client = client;
        this.deterministic = settings.temperature() == 0;
    }

    /**
     * The WikiCausal verifier over this model: {@code tries} asks per edge (once when greedy), {@code majority}
     * "yes" answers for a yes; its HTTP calls are reported to {@code meters}. The settings come from
     * {@link VerifierConfig} (or are built directly).
     */
    public static CausalVerifier verifier(OpenAiClientSettings settings, int tries, int majority,
                                          ClientMeters meters) {
        OpenAiClient client = new OpenAiClient(settings, meters, Ticker.SYSTEM);
        try {
            return new MajorityVoteVerifier(new OpenAiYesNoModel(client, settings), tries, majority);
        } catch (RuntimeException e) {
            client.close(); // bad votes: no client left behind
            throw e;
        }
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
