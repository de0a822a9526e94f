package io.causalstream.extractor.backend.openai;

import io.causalstream.extractor.llm.Generation;
import io.causalstream.extractor.llm.TextGenerator;
import io.causalstream.extractor.prompt.Prompt;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link TextGenerator} over an OpenAI-compatible server: chat turns to {@code /chat/completions}, or the
 * template-rendered prompt to {@code /completions}, batched with other passages' prompts.
 */
public final class OpenAiGenerator implements TextGenerator {

    private final OpenAiSettings settings;
    private final OpenAiClient client;
    private final CompletionBatcher batcher;

    public OpenAiGenerator(OpenAiSettings settings, OpenAiClient client) {
        this.settings = settings;
        this.client = client;
        this.batcher = settings.endpoint() == OpenAiSettings.Endpoint.COMPLETIONS && settings.batchSize() > 1
                ? new CompletionBatcher(settings.batchSize(), settings.batchLinger(), client::complete) : null;
    }

    @Override
    public Generation generate(Prompt prompt) {
        if (settings.endpoint() == OpenAiSettings.Endpoint.CHAT) {
            return client.chat(prompt.messages(), prompt.structured());
        }
        String text = settings.template().render(prompt.messages());
        return batcher != null ? batcher.submit(text) : client.complete(List.of(text)).get(0);
    }

    @Override
    public String model() {
        return settings.model();
    }

    @Override
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("endpoint", settings.endpoint().name().toLowerCase());
        if (settings.endpoint() == OpenAiSettings.Endpoint.COMPLETIONS) {
            p.put("template", settings.template().id());
        }
        p.put("max_tokens", Integer.toString(settings.maxTokens()));
        p.put("temperature", Double.toString(settings.temperature()));
        return p;
    }

    /** Drains the batcher first (requests under way finish), then closes the HTTP client. */
    @Override
    public void close() {
        if (batcher != null) {
            batcher.close();
        }
        client.close();
    }
}
