package io.causalstream.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    @Test
    void readsNamesLabelsAndValuesAndSkipsCommentsAndBrokenLines() {
        PrometheusText t = PrometheusText.parse("""
                # HELP deadletters_total records sent to a dead-letter topic
                # TYPE deadletters_total counter
                deadletters_total{reason="invalid",service="scorer-service",topic="extractions",} 3.0
                deadletters_total{reason="undecodable",service="scorer-service",topic="passages"} 2.0 1700000000000
                deadletters_total{reason="odd \\"quoted\\", with comma",topic="passages"} 1.0
                jvm_threads_live_threads 42
                broken{reason="unterminated 1.0
                not_a_number{a="b"} abc
                gauge_nan NaN
                bucket{le="+Inf"} +Inf
                """);

        assertThat(t.samples()).hasSize(6);
        assertThat(t.sum("deadletters_total")).contains(6.0);
        assertThat(t.sumBy("deadletters_total", "topic", s -> true))
                .containsEntry("extractions", 3.0).containsEntry("passages", 3.0);
        assertThat(t.find("deadletters_total", s -> s.label("reason").equals("odd \"quoted\", with comma")))
                .singleElement().satisfies(s -> assertThat(s.value()).isEqualTo(1.0));
        assertThat(t.sum("jvm_threads_live_threads")).contains(42.0);
        assertThat(t.sum("gauge_nan")).contains(0.0); // NaN is not a number to add
        assertThat(t.find("bucket", s -> true).get(0).value()).isInfinite();
        assertThat(t.sum("absent")).isEmpty();
    }

    @Test
    void readsWhatMicrometersPrometheusRegistryWrites() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().commonTags("service", "extractor-service");
        Counter.builder("extractor.passages").tag("outcome", "extracted").tag("reason", "none").register(registry)
                .increment(7);
        Timer timer = Timer.builder("extractor.extraction.latency").tag("annotator", "rules")
                .publishPercentileHistogram().publishPercentiles(0.5, 0.9, 0.99)
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofMinutes(5))
                .register(registry);
        timer.record(Duration.ofMillis(100));
        timer.record(Duration.ofMillis(300));

        PrometheusText t = PrometheusText.parse(registry.scrape());

        assertThat(t.sum("extractor_passages_total", s -> s.label("outcome").equals("extracted"))).contains(7.0);
        assertThat(t.sum("extractor_extraction_latency_seconds_count")).contains(2.0);
        assertThat(t.sum("extractor_extraction_latency_seconds_sum")).hasValueSatisfying(
                v -> assertThat(v).isCloseTo(0.4, org.assertj.core.data.Offset.offset(1e-9)));
        // a percentile histogram is published as cumulative buckets (no quantile lines): 100 ms and 300 ms
        var buckets = t.buckets("extractor_extraction_latency_seconds", s -> true);
        assertThat(buckets.get(Double.POSITIVE_INFINITY)).isEqualTo(2.0);
        assertThat(buckets.headMap(0.1).values()).allMatch(n -> n == 0.0);
        assertThat(buckets.tailMap(0.31).values()).allMatch(n -> n == 2.0);
        assertThat(HistogramQuantile.quantile(0.99, buckets)).isBetween(0.29, 0.36);
        assertThat(t.find("extractor_extraction_latency_seconds_max", s -> true)).singleElement()
                .satisfies(s -> assertThat(s.value()).isEqualTo(0.3));
        registry.close();
    }
}
