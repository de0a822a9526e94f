package io.causalstream.validation.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causalstream.runtime.Config;
import io.causalstream.validation.ValidationSettings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * A {@link YesNoModel} over any OpenAI-compatible server (vLLM, TGI, llama.cpp, Ollama): one
 * {@code POST {base}/chat/completions} per question, sampled (temperature > 0) so that WikiCausal's five asks are
 * independent votes, a few tokens of answer. Failures throw, which the majority vote counts as no answer.
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
 *       <td>0.7</td><td>Sampling temperature of each ask.</td></tr>
 *   <tr><td>{@code validation.verifier.timeout.ms}</td><td>{@code VALIDATION_VERIFIER_TIMEOUT_MS}</td>
 *       <td>30000</td><td>Per-request timeout.</td></tr>
 * </table>
 */
public final class OpenAiYesNoModel implements YesNoModel {

    public static final String BASE_URL = "validation.verifier.base.url";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI endpoint;
    private final String model;
    private final String apiKey;
    private final double temperature;
    private final Duration timeout;
    private final HttpClient http;

    public OpenAiYesNoModel(String baseUrl, String model, String apiKey, double temperature, Duration timeout) {
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("validation.verifier.model is required when "
                    + BASE_URL + " is set");
        }
        this.endpoint = URI.create(baseUrl.replaceAll("/+$", "") + "/chat/completions");
        this.model = model;
        this.apiKey = apiKey;
        this.temperature = temperature;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** The verifier the configuration asks for: {@link CausalVerifier#NONE} without a base URL. */
    public static CausalVerifier verifierFrom(Config config) {
        Optional<String> url = config.find(BASE_URL).filter(s -> !s.isBlank());
        if (url.isEmpty()) {
            return CausalVerifier.NONE;
        }
        OpenAiYesNoModel model = new OpenAiYesNoModel(url.get(), config.get("validation.verifier.model", null),
                config.get("validation.verifier.api.key", null),
                config.getDouble("validation.verifier.temperature", 0.7),
                Duration.ofMillis(config.getInt("validation.verifier.timeout.ms", 30_000)));
        ValidationSettings settings = ValidationSettings.from(config);
        return new MajorityVoteVerifier(model, settings.verifierTries(), settings.verifierMajority());
    }

    @Override
    public String complete(String prompt) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("model", model).put("temperature", temperature)
                .put("max_tokens", 4);
        body.putArray("messages").addObject().put("role", "user").put("content", prompt);
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (apiKey != null && !apiKey.isBlank()) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException("verifier LLM answered HTTP " + response.statusCode() + " from " + endpoint);
        }
        JsonNode content = JSON.readTree(response.body()).path("choices").path(0).path("message").path("content");
        if (!content.isTextual()) {
            throw new IOException("verifier LLM reply has no choices[0].message.content: " + response.body());
        }
        return content.asText();
    }
}
