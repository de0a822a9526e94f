package io.causalstream.elo.pipeline;

import io.causalstream.elo.pipeline.PipelineView.GroupLag;
import io.causalstream.elo.pipeline.PipelineView.Latency;
import io.causalstream.elo.pipeline.PipelineView.Source;
import io.causalstream.elo.pipeline.PipelineView.TopicDeadLetters;
import io.causalstream.runtime.metrics.HistogramQuantile;
import io.causalstream.runtime.metrics.PrometheusText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Turns successive scrapes of the services' {@code /metrics} and the consumer groups' offsets into the
 * dashboard's pipeline figures. Counters become rates between two scrapes (a counter that went down means the
 * service restarted: no rate that time). The meters read are the ones the services publish:
 * <ul>
 *   <li>extractor: {@code extractor_passages_total{outcome}}, {@code extractor_extraction_latency_seconds}
 *       ({@code _bucket{le}}, {@code _sum}, {@code _count}, {@code _max}; percentiles from the buckets);</li>
 *   <li>scorer: {@code scorer_graphs_scored_total}, {@code scorer_validation_edges_total{state}}, and Kafka Streams'
 *       {@code kafka_stream_processor_node_record_e2e_latency_max{processor_node_id="scored-graphs-sink"}}
 *       (milliseconds; NaN while no record passed in the metrics window);</li>
 *   <li>every Kafka Streams service: {@code deadletters_total{topic, reason}}; the extractor counts its dead
 *       letters (all from {@code passages}) as {@code extractor_passages_total{outcome="dead_lettered"}};</li>
 *   <li>the scorer's curation page: {@code scorer_curation_edges_total{change}} (kept, flipped, deleted, renamed
 *       edges of the corrected extractions, and added ones), turned into changes per 100 model edges;</li>
 *   <li>Elo: {@code elo_judgments_total}.</li>
 * </ul>
 * Not thread-safe: one monitor thread calls {@link #update}.
 */
public final class PipelineFigures {

    /** One service's scrape: {@code text} null when it could not be read ({@code error} says why). */
    public record Scrape(String service, String url, PrometheusText text, String error) {
        public static Scrape ok(String service, String url, PrometheusText text) {
            return new Scrape(service, url, text, null);
        }

        public static Scrape unreachable(String service, String url, String error) {
            return new Scrape(service, url, null, error);
        }

        boolean reachable() {
            return text != null;
        }
    }

    public static final String EXTRACTOR = "extractor-service";
    public static final String SCORER = "scorer-service";
    public static final String ELO = "elo-service";
    static final String PASSAGES_TOPIC = "passages";
    static final String E2E_MAX = "kafka_stream_processor_node_record_e2e_latency_max";
    static final String SCORED_GRAPHS_SINK = "scored-graphs-sink";

    private final Map<String, String> links;
    private Map<String, Double> previous = Map.of();
    private long previousAt = -1;
    private SortedMap<Double, Double> previousBuckets;

    public PipelineFigures(Map<String, String> links) {
        this.links = Map.copyOf(links);
    }

    /**
     * @param groups per consumer group its offsets, or {@code Optional.empty()} when they could not be read
     */
    public PipelineView update(long nowMillis, List<Scrape> scrapes, Map<String, Optional<ConsumerLag.GroupOffsets>> groups) {
        Map<String, Scrape> by = new HashMap<>();
        scrapes.forEach(s -> by.put(s.service(), s));
        Map<String, Double> counters = new HashMap<>();
        double dt = previousAt < 0 ? 0 : (nowMillis - previousAt) / 1000.0;

        PrometheusText extractor = text(by.get(EXTRACTOR));
        PrometheusText scorer = text(by.get(SCORER));
        PrometheusText elo = text(by.get(ELO));

        Double passagesPerSecond = null;
        Double extractedPerSecond = null;
        Latency latency = null;
        if (extractor != null) {
            extractor.sum("extractor_passages_total").ifPresent(v -> counters.put("passages", v));
            extractor.sum("extractor_passages_total", s -> s.label("outcome").equals("extracted"))
                    .ifPresent(v -> counters.put("extracted", v));
            passagesPerSecond = rate(counters, "passages", dt);
            extractedPerSecond = rate(counters, "extracted", dt);
            latency = latency(extractor, counters, dt);
        }
        Double scoredPerSecond = null;
        Double validatedShare = null;
        Map<String, Long> edges = new TreeMap<>();
        if (scorer != null) {
            scorer.sum("scorer_graphs_scored_total").ifPresent(v -> counters.put("scored", v));
            scoredPerSecond = rate(counters, "scored", dt);
            scorer.sumBy("scorer_validation_edges_total", "state", s -> true)
                    .forEach((state, n) -> edges.put(state, Math.round(n)));
            long all = edges.values().stream().mapToLong(Long::longValue).sum();
            validatedShare = all == 0 ? null : edges.getOrDefault("VALIDATED", 0L) / (double) all;
        }
        PipelineView.Curation curation = scorer == null ? null
                : curation(scorer.sumBy("scorer_curation_edges_total", "change", s -> true));
        Double scoredGraphAge = null;
        if (scorer != null) {
            scoredGraphAge = scorer.find(E2E_MAX, x -> x.label("processor_node_id").equals(SCORED_GRAPHS_SINK))
                    .stream().map(PrometheusText.Sample::value).filter(v -> !Double.isNaN(v) && !Double.isInfinite(v))
                    .max(Double::compare).map(ms -> ms / 1000).orElse(null);
        }
        Double judgmentsPerSecond = null;
        if (elo != null) {
            elo.sum("elo_judgments_total").ifPresent(v -> counters.put("judgments", v));
            judgmentsPerSecond = rate(counters, "judgments", dt);
        }

        List<TopicDeadLetters> deadLetters = deadLetters(java.util.Arrays.asList(extractor, scorer, elo), counters, dt);
        List<GroupLag> lag = new ArrayList<>();
        groups.forEach((group, offsets) -> {
            if (offsets.isEmpty()) {
                lag.add(new GroupLag(group, false, 0, Map.of(), null, null));
                return;
            }
            ConsumerLag.GroupOffsets o = offsets.get();
            if (o.lagByTopic().isEmpty()) { // no committed offset: the group has not consumed (or does not exist)
                lag.add(new GroupLag(group, true, 0, Map.of(), null, null));
                return;
            }
            counters.put("committed:" + group, (double) o.committedTotal());
            Double consumed = rate(counters, "committed:" + group, dt);
            Double behind = o.lag() == 0 ? Double.valueOf(0.0)
                    : consumed == null || consumed <= 0 ? null : o.lag() / consumed;
            lag.add(new GroupLag(group, true, o.lag(), o.lagByTopic(), consumed, behind));
        });

        List<Source> sources = scrapes.stream()
                .map(s -> new Source(s.service(), s.url(), s.reachable(), s.error())).toList();
        previous = counters;
        previousAt = nowMillis;
        return new PipelineView(nowMillis, sources, passagesPerSecond, extractedPerSecond, latency, scoredPerSecond,
                deadLetters, validatedShare, edges, lag, scoredGraphAge, judgmentsPerSecond, curation, links);
    }

    /**
     * The curators' changes per 100 edges of the extractions they corrected (kept + flipped + deleted + renamed;
     * added edges are counted against the same base): the model's error rate as people see it. Null before the
     * first correction.
     */
    static PipelineView.Curation curation(Map<String, Double> byChange) {
        Map<String, Long> edges = new TreeMap<>();
        byChange.forEach((change, n) -> edges.put(change, Math.round(n)));
        long model = edges.entrySet().stream().filter(e -> !e.getKey().equals("added"))
                .mapToLong(Map.Entry::getValue).sum();
        if (model == 0 && edges.getOrDefault("added", 0L) == 0) {
            return null;
        }
        Map<String, Double> per100 = new TreeMap<>();
        for (String change : List.of("kept", "flipped", "deleted", "renamed", "added")) {
            per100.put(change, model == 0 ? null : 100.0 * edges.getOrDefault(change, 0L) / model);
        }
        return new PipelineView.Curation(model, edges, per100);
    }

    private static PrometheusText text(Scrape s) {
        return s == null ? null : s.text();
    }

    private Latency latency(PrometheusText t, Map<String, Double> counters, double dt) {
        String name = "extractor_extraction_latency_seconds";
        Optional<Double> count = t.sum(name + "_count");
        if (count.isEmpty()) {
            return null;
        }
        Optional<Double> sum = t.sum(name + "_sum");
        counters.put("latency.count", count.get());
        sum.ifPresent(v -> counters.put("latency.sum", v));
        Double mean = null;
        Double dCount = delta(counters, "latency.count", dt);
        Double dSum = delta(counters, "latency.sum", dt);
        if (dCount != null && dSum != null && dCount > 0) {
            mean = dSum / dCount;
        } else if (count.get() > 0 && sum.isPresent()) {
            mean = sum.get() / count.get(); // first scrape, or nothing new: the mean since start
        }
        // percentiles of the interval's observations when there were any, else of everything since start
        SortedMap<Double, Double> buckets = t.buckets(name, s -> true);
        SortedMap<Double, Double> grown = previousBuckets == null ? null
                : HistogramQuantile.growth(previousBuckets, buckets);
        SortedMap<Double, Double> use = grown != null && !grown.isEmpty() && grown.get(grown.lastKey()) > 0
                ? grown : buckets;
        previousBuckets = buckets;
        return new Latency(HistogramQuantile.quantile(0.5, use), HistogramQuantile.quantile(0.9, use),
                HistogramQuantile.quantile(0.99, use), mean,
                t.find(name + "_max", s -> true).stream().map(PrometheusText.Sample::value).max(Double::compare)
                        .orElse(null),
                Math.round(count.get()));
    }

    private List<TopicDeadLetters> deadLetters(List<PrometheusText> texts, Map<String, Double> counters, double dt) {
        Map<String, Double> totals = new TreeMap<>();
        for (PrometheusText t : texts) {
            if (t != null) {
                t.sumBy("deadletters_total", "topic", s -> true).forEach((topic, n) -> totals.merge(topic, n, Double::sum));
            }
        }
        PrometheusText extractor = texts.get(0);
        if (extractor != null) {
            extractor.sum("extractor_passages_total", s -> s.label("outcome").equals("dead_lettered"))
                    .ifPresent(n -> totals.merge(PASSAGES_TOPIC, n, Double::sum));
        }
        List<TopicDeadLetters> out = new ArrayList<>();
        totals.forEach((topic, n) -> {
            counters.put("dlq:" + topic, n);
            out.add(new TopicDeadLetters(topic, n, rate(counters, "dlq:" + topic, dt)));
        });
        return out;
    }

    private Double rate(Map<String, Double> counters, String key, double dt) {
        Double d = delta(counters, key, dt);
        return d == null ? null : d / dt;
    }

    /** The growth of a counter since the last update; null on the first update, when absent, or after a reset. */
    private Double delta(Map<String, Double> counters, String key, double dt) {
        Double now = counters.get(key);
        Double before = previous.get(key);
        // absent before: first scrape, or the source was unreachable (its counters may have grown meanwhile)
        if (now == null || before == null || dt <= 0) {
            return null;
        }
        return now < before ? null : now - before;
    }
}
