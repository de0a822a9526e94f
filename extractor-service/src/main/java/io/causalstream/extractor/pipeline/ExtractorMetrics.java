package io.causalstream.extractor.pipeline;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * The extractor's own meters. Counted once a batch's transaction commits, so they agree with what readers of
 * {@code extractions} and {@code passages.dlq} see (an aborted and retried batch is not counted twice).
 */
public final class ExtractorMetrics {

    private final Counter extracted;
    private final Counter deadLettered;
    private final Counter triples;
    private final Timer latency;

    public ExtractorMetrics(MeterRegistry registry, String annotatorId) {
        this.extracted = Counter.builder("extractor.passages").tag("outcome", "extracted")
                .description("Passages read from passages, by outcome").register(registry);
        this.deadLettered = Counter.builder("extractor.passages").tag("outcome", "dead_lettered")
                .description("Passages read from passages, by outcome").register(registry);
        this.triples = Counter.builder("extractor.triples").tag("annotator", annotatorId)
                .description("Causal triples published to extractions").register(registry);
        this.latency = Timer.builder("extractor.extraction.latency").tag("annotator", annotatorId)
                .description("Wall time of one passage's extraction").publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofMinutes(5))
                .register(registry);
    }

    void extracted(int tripleCount, Duration extractionTime) {
        extracted.increment();
        triples.increment(tripleCount);
        latency.record(extractionTime);
    }

    void deadLettered() {
        deadLettered.increment();
    }
}
