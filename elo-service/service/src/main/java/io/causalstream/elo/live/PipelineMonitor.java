package io.causalstream.elo.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.pipeline.ConsumerLag;
import io.causalstream.elo.pipeline.PipelineFigures;
import io.causalstream.elo.pipeline.PipelineView;
import io.causalstream.runtime.metrics.PrometheusText;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gathers the dashboard's pipeline figures every interval: the extractor's and scorer's {@code /metrics} over
 * HTTP, this service's own meters, and the configured consumer groups' committed offsets against the topics'
 * (read-committed) end offsets through the Admin client; {@link PipelineFigures} turns them into a
 * {@link PipelineView}, handed as JSON to {@code sink} (the live feed pushes it to the dashboards). A source that
 * does not answer is shown as unreachable, never as an error of this service.
 */
public final class PipelineMonitor implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PipelineMonitor.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final PipelineSettings settings;
    private final Supplier<String> ownMetrics;
    private final Consumer<String> sink;
    private final HttpClient http;
    private final Admin admin;
    private final PipelineFigures figures;
    private final ObjectMapper json = new ObjectMapper();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile String latest;

    public PipelineMonitor(PipelineSettings settings, Map<String, Object> connection, Supplier<String> ownMetrics,
                           Consumer<String> sink) {
        this.settings = settings;
        this.ownMetrics = ownMetrics;
        this.sink = sink;
        this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        Map<String, Object> props = new HashMap<>(connection);
        props.put(AdminClientConfig.CLIENT_ID_CONFIG, "elo-service-pipeline-monitor");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.multipliedBy(2).toMillis());
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        this.admin = Admin.create(props);
        Map<String, String> links = new LinkedHashMap<>();
        if (!settings.scorerUrl().isEmpty()) {
            links.put("scorer", settings.scorerUrl());
            links.put("maps", settings.scorerUrl() + "/maps");
            links.put("passage", settings.scorerUrl() + "/passages/");
        }
        this.figures = new PipelineFigures(links);
        this.thread = Thread.ofPlatform().name("elo-pipeline-monitor").daemon().unstarted(this::loop);
    }

    public PipelineMonitor start() {
        thread.start();
        return this;
    }

    /** The last figures as JSON ({@code null} before the first round). */
    public String latest() {
        return latest;
    }

    private void loop() {
        while (running) {
            long started = System.nanoTime();
            try {
                PipelineView view = figures.update(System.currentTimeMillis(), scrapes(), lag());
                latest = json.writeValueAsString(view);
                sink.accept(latest);
            } catch (JsonProcessingException | RuntimeException e) {
                log.warn("pipeline figures failed, next try in one interval: {}", e.toString());
            }
            long sleep = settings.interval().toMillis() - (System.nanoTime() - started) / 1_000_000;
            try {
                Thread.sleep(Math.max(100, sleep));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private List<PipelineFigures.Scrape> scrapes() {
        List<PipelineFigures.Scrape> out = new ArrayList<>();
        if (!settings.extractorMetricsUrl().isEmpty()) {
            out.add(scrape(PipelineFigures.EXTRACTOR, settings.extractorMetricsUrl()));
        }
        if (!settings.scorerMetricsUrl().isEmpty()) {
            out.add(scrape(PipelineFigures.SCORER, settings.scorerMetricsUrl()));
        }
        out.add(PipelineFigures.Scrape.ok(PipelineFigures.ELO, "(this service)", PrometheusText.parse(ownMetrics.get())));
        return out;
    }

    /**
     * Reads every address of one service (several replicas: comma-separated, their meters are summed); a source
     * counts as reachable only when all of them answer, as a partial sum would look like a drop in its rates.
     */
    private PipelineFigures.Scrape scrape(String service, String urls) {
        StringBuilder text = new StringBuilder();
        for (String url : urls.split(",")) {
            String u = url.strip();
            if (u.isEmpty()) {
                continue;
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(u)).timeout(TIMEOUT).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    return PipelineFigures.Scrape.unreachable(service, urls, u + ": HTTP " + r.statusCode());
                }
                text.append(r.body()).append('\n');
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return PipelineFigures.Scrape.unreachable(service, urls, "interrupted");
            } catch (Exception e) {
                String why = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
                        : e.getMessage();
                return PipelineFigures.Scrape.unreachable(service, urls,
                        u + ": " + (why.length() > 120 ? why.substring(0, 120) : why));
            }
        }
        return PipelineFigures.Scrape.ok(service, urls, PrometheusText.parse(text.toString()));
    }

    private Map<String, Optional<ConsumerLag.GroupOffsets>> lag() {
        Map<String, Optional<ConsumerLag.GroupOffsets>> out = new LinkedHashMap<>();
        settings.groups().forEach(g -> out.put(g, Optional.empty()));
        if (settings.groups().isEmpty()) {
            return out;
        }
        try {
            Map<String, ListConsumerGroupOffsetsSpec> specs = new LinkedHashMap<>();
            settings.groups().forEach(g -> specs.put(g, new ListConsumerGroupOffsetsSpec()));
            var result = admin.listConsumerGroupOffsets(specs);
            Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = new LinkedHashMap<>();
            Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
            for (String g : settings.groups()) {
                Map<TopicPartition, OffsetAndMetadata> offsets = result.partitionsToOffsetAndMetadata(g)
                        .get(TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
                committed.put(g, offsets);
                offsets.keySet().forEach(tp -> ask.put(tp, OffsetSpec.latest()));
            }
            Map<ConsumerLag.Partition, Long> ends = new HashMap<>();
            if (!ask.isEmpty()) {
                admin.listOffsets(ask, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all()
                        .get(TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS)
                        .forEach((tp, info) -> ends.put(partition(tp), info.offset()));
            }
            committed.forEach((g, offsets) -> {
                Map<ConsumerLag.Partition, Long> c = new HashMap<>();
                offsets.forEach((tp, om) -> {
                    if (om != null) {
                        c.put(partition(tp), om.offset());
                    }
                });
                out.put(g, Optional.of(ConsumerLag.of(g, c, ends)));
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            log.debug("consumer lag not readable now: {}", e.toString());
        }
        return out;
    }

    private static ConsumerLag.Partition partition(TopicPartition tp) {
        return new ConsumerLag.Partition(tp.topic(), tp.partition());
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        admin.close(Duration.ofSeconds(2));
        http.close();
    }
}
