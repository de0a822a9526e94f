package io.causalstream.deploy.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.elo.app.EloService;
import io.causalstream.runtime.metrics.PrometheusText;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every metric the Grafana dashboard queries is published by a running service: the three services on the in-JVM
 * broker, one passage with a curated gold and one undecodable record through them (so the lazily registered
 * meters — scored graphs, F1, validated edges, dead letters — exist), then each query's metric names looked up in the three {@code /metrics}.
 * The names found are written to {@code target/metric-names.txt}.
 */
@ExtendWith(KafkaTestCluster.class)
class GrafanaDashboardIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static Map<String, String> settings(String applicationId, Path state) {
        Map<String, String> m = new HashMap<>();
        m.put("application.id", applicationId);
        m.put("http.port", "0");
        m.put("state.dir", state.resolve(applicationId).toString());
        m.put("kafka.streams.commit.interval.ms", "100");
        m.put("extractor.backend", "rules");
        return m;
    }

    private static String scrape(int port) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static Set<String> names(String scrape) {
        Set<String> out = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                out.add(line.split("[{ ]", 2)[0]);
            }
        }
        return out;
    }

    @Test
    void everyQueriedMetricIsPublishedByAService(TestCluster cluster) throws Exception {
        Path state = Files.createTempDirectory("grafana-it");
        try (ExtractorService extractor = ExtractorService.start(cluster.config(settings("gf-extractor", state)));
             ScorerService scorer = ScorerService.start(cluster.config(settings("gf-scorer", state)));
             EloService elo = EloService.start(cluster.config(settings("gf-elo", state)))) {
            cluster.send(Topics.PASSAGES, "gf-1", Passage.newBuilder().setId("gf-1")
                    .setText("Heavy rainfall leads to flooding. Flooding reduces crop yields.")
                    .setPublishedAt(Instant.parse("2026-03-04T08:00:00Z")).build());
            // a curated gold, so the scorer scores against it (scorer_f1)
            cluster.send(Topics.GOLD_GRAPHS, "gf-1", GoldGraph.newBuilder().setPassageId("gf-1")
                    .setAnnotationId("curated").setOrigin(GoldOrigin.CURATED)
                    .setTriples(List.of(Triple.newBuilder().setSource("Heavy rainfall").setTarget("flooding")
                            .setDirection(Direction.INCREASE).build()))
                    .setUpdatedAt(Instant.now()).build());
            cluster.sendRaw(Topics.PASSAGES.name(), "gf-bad".getBytes(StandardCharsets.UTF_8),
                    "not avro".getBytes(StandardCharsets.UTF_8));

            List<String> exprs = GrafanaDashboard.expressions(GrafanaDashboard.read());
            Set<String> wanted = new TreeSet<>();
            exprs.forEach(e -> wanted.addAll(GrafanaDashboard.metricNames(e)));
            assertThat(wanted).isNotEmpty();

            Set<String> published = new TreeSet<>();
            List<PrometheusText> scrapes = List.of();
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            Set<String> missing = wanted;
            while (System.nanoTime() < deadline) {
                published = new TreeSet<>();
                List<PrometheusText> now = new java.util.ArrayList<>();
                for (int port : new int[] {extractor.httpPort(), scorer.httpPort(), elo.httpPort()}) {
                    String text = scrape(port);
                    published.addAll(names(text));
                    now.add(PrometheusText.parse(text));
                }
                scrapes = now;
                Set<String> m = new TreeSet<>(wanted);
                m.removeAll(published);
                missing = m;
                // the scorer registers its sink node's latency once its tasks are assigned, which may be after
                // every metric name is already published by another node
                if (missing.isEmpty() && !scorerSinkLatency(now.get(1)).isEmpty()) {
                    break;
                }
                Thread.sleep(1000);
            }
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target", "metric-names.txt"), String.join("\n", published) + "\n");
            assertThat(missing).as("metrics the Grafana dashboard queries that no service publishes "
                    + "(all published names in target/metric-names.txt)").isEmpty();

            // the label names each query matches on exist on its metric (a value may be absent for a while, e.g.
            // no VALIDATED edge yet, but a misspelt label never matches)
            List<String> badLabels = new java.util.ArrayList<>();
            for (String e : exprs) {
                for (GrafanaDashboard.Selector s : GrafanaDashboard.selectors(e)) {
                    Set<String> keys = new TreeSet<>();
                    for (PrometheusText t : scrapes) {
                        t.find(s.metric(), x -> true).forEach(x -> keys.addAll(x.labels().keySet()));
                    }
                    if (!keys.containsAll(s.labels())) {
                        badLabels.add(s.metric() + s.labels() + " has only " + keys);
                    }
                }
            }
            assertThat(badLabels).as("label names the Grafana queries use that their metrics lack").isEmpty();
            // the scorer's scored-graph age is read at its sink node, by name
            assertThat(scorerSinkLatency(scrapes.get(1))).isNotEmpty();
        }
    }

    private static List<PrometheusText.Sample> scorerSinkLatency(PrometheusText scorerScrape) {
        return scorerScrape.find("kafka_stream_processor_node_record_e2e_latency_max",
                x -> "scored-graphs-sink".equals(x.label("processor_node_id")));
    }
}
