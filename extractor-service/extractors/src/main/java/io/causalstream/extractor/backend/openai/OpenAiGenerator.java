package io.causalstream.extractor.backend.openai;

import io.causalstream.extractor.backend.BackendException;
import io.causalstream.extractor.backend.BackendUnavailableException;
import io.causalstream.extractor.generator.Generation;
import io.causalstream.extractor.generator.StructuredOutputUnsupportedException;
import io.causalstream.extractor.generator.TextGenerator;
import io.causalstream.extractor.prompt.Message;
import io.causalstream.extractor.prompt.Prompt;
import io.causalstream.extractor.prompt.StructuredOutput;
import io.causalstream.openai.ChatMessage;
import io.causalstream.openai.Completion;
import io.causalstream.openai.OpenAiClient;
import io.causalstream.openai.OpenAiException;
import io.causalstream.openai.ResponseFormatRejectedException;
import io.causalstream.openai.ResponseSchema;
import io.causalstream.openai.ServerUnavailableException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A {@link TextGenerator} over an OpenAI-compatible server: chat turns to {@code /chat/completions}, or the
 * template-rendered prompt to {@code /completions}, batched with other passages' prompts. The client's failures
 * become the extractor's backend exceptions here (same message and cause), so the pipeline decides as before:
 * breaker open waits, structured output refused falls back, anything else dead-letters the passage.
 */
public final class OpenAiGenerator implements TextGenerator {

    private static final ResponseSchema SCHEMA = new ResponseSchema(StructuredOutput.NAME, StructuredOutput.SCHEMA);

    private final OpenAiSettings settings;
    private final OpenAiClient client;
    private final CompletionBatcher batcher;

    public OpenAiGenerator(OpenAiSettings settings, OpenAiClient client) {
        this.settings = settings;
        this.client = client;
        this.batcher = settings.endpoint() == OpenAiSettings.Endpoint.COMPLETIONS && settings.batchSize() > 1
                ? new CompletionBatcher(settings.batchSize(), settings.batchLinger(), this::complete) : null;
    }

    @Override
    public Generation generate(Prompt prompt) {
        if (settings.endpoint() == OpenAiSettings.Endpoint.CHAT) {
            List<ChatMessage> turns = prompt.messages().stream().map(OpenAiGenerator::turn).toList();
            return generation(calling(() -> client.chat(turns, prompt.structured() ? SCHEMA : null)));
        }
        String text = settings.template().render(prompt.messages());
        return batcher != null ? batcher.submit(text) : complete(List.of(text)).get(0);
    }

    private List<Generation> complete(List<String> prompts) {
        return calling(() -> client.complete(prompts)).stream().map(OpenAiGenerator::generation).toList();
    }

    private static ChatMessage turn(Message m) {
        return new ChatMessage(m.role(), m.content());
    }

    private static Generation generation(Completion c) {
        return new Generation(c.text(), c.promptTokens(), c.completionTokens(), c.truncated(), false);
    }

    /** Runs a client call, turning its exceptions into the extractor's (same message, same cause). */
    private static <T> T calling(Supplier<T> call) {
        try {
            return call.get();
        } catch (ServerUnavailableException e) {
            throw new BackendUnavailableException(e.getMessage());
        } catch (ResponseFormatRejectedException e) {
            throw new StructuredOutputUnsupportedException(e.getMessage());
        } catch (OpenAiException e) {
            throw new BackendException(e.getMessage(), e.getCause());
        }
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
