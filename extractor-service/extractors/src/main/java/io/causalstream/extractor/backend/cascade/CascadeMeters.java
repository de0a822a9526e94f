package io.causalstream.extractor.backend.cascade;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * What the cascade reports per annotator: passages by path ({@code extractor.cascade.passages{path=embedded|llm}}),
 * the share of passages routed to the LLM since start ({@code extractor.cascade.routed.share}; over a window:
 * {@code rate(...{path="llm"}) / rate(...)} of the counter), and the embedded model's certainties in percent
 * ({@code extractor.cascade.certainty}, Prometheus {@code extractor_cascade_certainty_percent_*}, buckets every
 * 10; a missing certainty is recorded as the 0 the routing used). Percent, rounded, because Micrometer rounds a
 * summary's value up to a whole number before bucketing it: fractions would all land in the bucket of 1. Counted
 * when the routing is decided, like the LLM backends' meters: a batch rewound after an outage is counted again
 * when it is retried, so these measure load, not published extractions.
 */
final class CascadeMeters {

    private static final double[] CERTAINTY_BUCKETS = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};

    private final Counter embedded;
    private final Counter llm;
    private final DistributionSummary certainty;

    CascadeMeters(MeterRegistry registry, String annotator) {
        this.embedded = passages(registry, annotator, CascadeExtractor.EMBEDDED);
        this.llm = passages(registry, annotator, CascadeExtractor.LLM);
        this.certainty = DistributionSummary.builder("extractor.cascade.certainty").tag("annotator", annotator)
                .baseUnit("percent")
                .description("The embedded model's certainty that its extraction of a passage is right, in percent "
                        + "(0 when it gives none)")
                .serviceLevelObjectives(CERTAINTY_BUCKETS).register(registry);
        Gauge.builder("extractor.cascade.routed.share", this, CascadeMeters::routedShare)
                .tag("annotator", annotator).strongReference(true)
                .description("Share of passages routed to the LLM since start (0 before the first passage)")
                .register(registry);
    }

    private static Counter passages(MeterRegistry registry, String annotator, String path) {
        return Counter.builder("extractor.cascade.passages").tag("annotator", annotator).tag("path", path)
                .description("Passages by the path that extracts them: the embedded model, or the LLM when the "
                        + "embedded model is unsure")
                .register(registry);
    }

    /** @param value in [0, 1] */
    void certainty(double value) {
        certainty.record(Math.round(value * 100));
    }

    void keptEmbedded() {
        embedded.increment();
    }

    void routedToLlm() {
        llm.increment();
    }

    double routedShare() {
        double total = embedded.count() + llm.count();
        return total == 0 ? 0 : llm.count() / total;
    }
}
