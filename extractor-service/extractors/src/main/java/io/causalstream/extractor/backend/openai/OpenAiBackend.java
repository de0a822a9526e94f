package io.causalstream.extractor.backend.openai;

import io.causalstream.extractor.cache.CachingGenerator;
import io.causalstream.extractor.generator.BackendMeters;
import io.causalstream.extractor.llm.LlmExtractor;
import io.causalstream.extractor.llm.LlmSettings;
import io.causalstream.openai.OpenAiClient;
import io.causalstream.openai.resilience.CircuitBreaker;
import io.causalstream.openai.resilience.Ticker;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/** Assembles the {@code openai} backend from its settings: client, batcher, cache, prompts, parser. */
public final class OpenAiBackend {

    public static LlmExtractor create(OpenAiSettings settings, LlmSettings llm, MeterRegistry registry) {
        BackendMeters meters = new BackendMeters(registry, llm.annotatorId());
        OpenAiClient client = new OpenAiClient(settings.client(), meters, Ticker.SYSTEM);
        Gauge.builder("extractor.backend.circuit.open", client.breaker(),
                        b -> b.state() == CircuitBreaker.State.CLOSED ? 0 : 1)
                .tag("annotator", llm.annotatorId())
                .description("1 while the circuit breaker to the inference server is open or half-open")
                .register(registry);
        var generator = new CachingGenerator(new OpenAiGenerator(settings, client), llm.cache(), meters);
        return new LlmExtractor(llm.annotatorId(), generator, llm.promptLibrary(), llm.format(),
                settings.structuredOutput() && settings.endpoint() == OpenAiSettings.Endpoint.CHAT, llm.mode());
    }

    private OpenAiBackend() {
    }
}
