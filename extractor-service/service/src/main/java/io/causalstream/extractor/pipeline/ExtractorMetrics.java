package io.causalstream.extractor.pipeline;

import io.causalstream.extractor.parse.ParseProblem;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;

/**
 * The pipeline's own meters (the LLM backends add theirs: call latency, tokens, retries, cache). Counted once a
 * batch's transaction commits, so they agree with what readers of {@code extractions} and {@code passages.dlq} see
 * (an aborted and retried batch is not counted twice). Prometheus {@code rate()} of the passage counter gives
 * passages/s.
 */
public final class ExtractorMetrics {

    private final MeterRegistry registry;
    private final String annotatorId;
    private final Counter extracted;
    private final Counter triples;
    private final Counter cached;
    private final Timer latency;

    public ExtractorMetrics(MeterRegistry registry, String annotatorId) {
        this.registry = registry;
        this.annotatorId = annotatorId;
        this.extracted = Counter.builder("extractor.passages").tag("outcome", "extracted").tag("reason", "none")
                .description("Passages read from passages, by outcome").register(registry);
        this.triples = Counter.builder("extractor.triples").tag("annotator", annotatorId)
                .description("Causal triples published to extractions").register(registry);
        this.cached = Counter.builder("extractor.extractions.cached").tag("annotator", annotatorId)
                .description("Extractions whose model output came from the result cache").register(registry);
        this.latency = Timer.builder("extractor.extraction.latency").tag("annotator", annotatorId)
                .description("Wall time of one passage's extraction").publishPercentileHistogram()
                .publishPercentiles(0.5, 0.9, 0.99)
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofMinutes(5))
                .register(registry);
        deadLetterCounter("invalid");
    }

    void extracted(int tripleCount, Duration extractionTime, List<ParseProblem> problems, boolean fromCache) {
        extracted.increment();
        triples.increment(tripleCount);
        latency.record(extractionTime);
        if (fromCache) {
            cached.increment();
        }
        for (ParseProblem p : problems) {
            Counter.builder("extractor.parse.problems").tag("annotator", annotatorId)
                    .tag("kind", p.kind().name().toLowerCase())
                    .description("Problems the parser repaired or dropped in model output, by kind")
                    .register(registry).increment();
        }
    }

    /** @param reason the dead letter's code: undecodable, unknown_schema_id, invalid, backend_failed, ... */
    void deadLettered(String reason) {
        deadLetterCounter(reason).increment();
    }

    void deadLettered() {
        deadLettered("invalid");
    }

    private Counter deadLetterCounter(String reason) {
        return Counter.builder("extractor.passages").tag("outcome", "dead_lettered").tag("reason", reason)
                .description("Passages read from passages, by outcome").register(registry);
    }
}
