package io.causalstream.elo.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.causalstream.elo.live.PipelineSettings;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.Accessibility;
import io.causalstream.testkit.HeadlessChromium;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard's pipeline panels in headless Chromium (Debian's, as {@link WebPagesIT}): the Elo service reads
 * a metrics endpoint standing in for the extractor service (this module may not depend on it: a Micrometer
 * registry with the extractor's meter names, counting up on every scrape), finds the scorer unreachable (a
 * closed port) and reads its own consumer group's lag from the real in-JVM broker. Screenshot
 * {@code target/screenshots/dashboard-pipeline.png}.
 */
@ExtendWith(KafkaTestCluster.class)
class DashboardPipelineIT {

    private static final Instant T0 = Instant.parse("2026-03-04T08:00:00Z");

    @TempDir
    Path dir;

    private HeadlessChromium chromium;
    private WebDriver browser;
    private HttpServer extractorStandIn;

    @BeforeEach
    void openBrowser() throws Exception {
        chromium = HeadlessChromium.open(dir, 1400, 1300);
        browser = chromium.driver();
    }

    @AfterEach
    void close() {
        if (chromium != null) {
            chromium.close();
        }
        if (extractorStandIn != null) {
            extractorStandIn.stop(0);
        }
    }

    /** The extractor's meter names (ExtractorMetrics), 10 passages more and 1 dead letter more per scrape. */
    private int startExtractorStandIn() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().commonTags("service", "extractor-service");
        Counter extracted = Counter.builder("extractor.passages").tag("outcome", "extracted").tag("reason", "none")
                .register(registry);
        Counter dead = Counter.builder("extractor.passages").tag("outcome", "dead_lettered").tag("reason", "invalid")
                .register(registry);
        Timer latency = Timer.builder("extractor.extraction.latency").tag("annotator", "rules")
                .publishPercentileHistogram().publishPercentiles(0.5, 0.9, 0.99)
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofMinutes(5))
                .register(registry);
        extractorStandIn = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        extractorStandIn.createContext("/metrics", exchange -> {
            for (int i = 0; i < 10; i++) {
                extracted.increment();
                latency.record(Duration.ofMillis(20 + 3 * i));
            }
            dead.increment();
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        extractorStandIn.start();
        return extractorStandIn.getAddress().getPort();
    }

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void pipelinePanelsShowTheExtractorsFiguresAnUnreachableScorerAndRealConsumerLag(TestCluster cluster)
            throws Exception {
        String passage = "pipe-" + UUID.randomUUID().toString().substring(0, 8);
        String applicationId = "elo-pipe-" + UUID.randomUUID();
        int scorerPort = closedPort();
        Map<String, String> cfg = new HashMap<>();
        cfg.put("application.id", applicationId);
        cfg.put("state.dir", dir.resolve("state").toString());
        cfg.put("http.port", "0");
        cfg.put("http.host", "127.0.0.1");
        cfg.put("http.advertised.host", "127.0.0.1");
        cfg.put("elo.live.interval.ms", "100");
        cfg.put("kafka.streams.commit.interval.ms", "100");
        cfg.put(PipelineSettings.INTERVAL_MS, "700");
        cfg.put(PipelineSettings.EXTRACTOR_METRICS_URL, "http://127.0.0.1:" + startExtractorStandIn() + "/metrics");
        cfg.put(PipelineSettings.SCORER_METRICS_URL, "http://127.0.0.1:" + scorerPort + "/metrics");
        cfg.put(PipelineSettings.SCORER_URL, "http://scorer.example.org:7072/");
        cfg.put(PipelineSettings.GROUPS, applicationId);
        try (EloService service = EloService.start(cluster.config(cfg))) {
            cluster.send(Topics.PASSAGES, passage, Passage.newBuilder().setId(passage)
                    .setText("Heavy rainfall increases flooding.").setPublishedAt(T0).build());
            cluster.send(Topics.EXTRACTIONS, passage, Extraction.newBuilder().setPassageId(passage)
                    .setAnnotationId("HumanA").setAnnotator(Annotator.newBuilder().setId("HumanA")
                            .setKind(AnnotatorKind.HUMAN).build())
                    .setTriples(List.of(Triple.newBuilder().setSource("rainfall").setTarget("flooding")
                            .setDirection(Direction.INCREASE).build()))
                    .setCreatedAt(T0).build());
            ItSupport.poll(service.httpPort(), "/health", Map.class, h -> "RUNNING".equals(h.get("streams")));
            // the service commits its consumed offsets: its group's lag is readable, and 0 once caught up
            ItSupport.poll(service.httpPort(), "/api/pipeline", Map.class, v -> {
                List<?> lag = (List<?>) v.get("lag");
                Map<?, ?> g = (Map<?, ?>) lag.get(0);
                return Boolean.TRUE.equals(g.get("reachable")) && ((Map<?, ?>) g.get("byTopic")).containsKey("passages")
                        && ((Number) g.get("records")).longValue() == 0;
            });

            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(40));
            wait.ignoring(StaleElementReferenceException.class);
            browser.get("http://127.0.0.1:" + service.httpPort() + "/dashboard?passage=" + passage);
            try {
                wait.until(ExpectedConditions.textToBe(By.id("live-text"), "live"));
                // 11 passages (10 extracted, 1 dead-lettered) per scrape, one scrape per 0.7 s: about 15.7/s
                wait.until(d -> !text("pl-passages").equals("–"));
                double passagesPerSecond = Double.parseDouble(text("pl-passages"));
                assertThat(passagesPerSecond).isBetween(2.0, 40.0);
                // latencies 20..47 ms: the percentiles come from the stand-in's histogram buckets
                assertThat(text("pl-latency")).matches("\\d+ ms / \\d+ ms / \\d+ ms");
                // the scorer is down: shown unreachable, its figures empty, nothing else broken
                wait.until(d -> text("pipeline-sources").contains("scorer-service: unreachable"));
                assertThat(text("pipeline-sources")).contains("extractor-service").contains("elo-service")
                        .doesNotContain("extractor-service: unreachable");
                assertThat(text("pl-scored")).isEqualTo("–");
                assertThat(text("pl-validated")).isEqualTo("–");
                // dead letters per topic: the extractor's go to passages.dlq
                assertThat(cells("pl-dead-letters")).startsWith("passages.dlq|");
                // consumer lag of the configured group, per topic, from the broker
                wait.until(d -> cells("pl-groups").startsWith(applicationId + "|0|"));
                assertThat(cells("pl-groups")).contains("passages 0");
                // links to the product pages on the scorer's configured address
                WebElement maps = browser.findElement(By.id("maps-link"));
                assertThat(maps.isDisplayed()).isTrue();
                assertThat(maps.getAttribute("href")).isEqualTo("http://scorer.example.org:7072/maps");
                assertThat(browser.findElement(By.id("passage-link")).getAttribute("href"))
                        .isEqualTo("http://scorer.example.org:7072/passages/" + passage);
                chromium.screenshot("dashboard-pipeline.png");
                Accessibility.check(browser, "dashboard with pipeline panels");
            } catch (RuntimeException | AssertionError e) {
                chromium.screenshot("dashboard-pipeline-failure.png");
                throw new AssertionError("dashboard test failed; page text:\n"
                        + browser.findElement(By.tagName("body")).getText(), e);
            }
        }
    }

    private String text(String id) {
        return unstale(() -> browser.findElement(By.id(id)).getText());
    }

    private String cells(String table) {
        return unstale(() -> String.join("|", browser.findElements(By.cssSelector("#" + table + " tbody td"))
                .stream().map(WebElement::getText).toList()));
    }

    /**
     * Reads again (up to 5 times) when the page re-rendered between finding an element and reading it: the
     * pipeline panels are rebuilt at every refresh (0.7 s here), and a read outside a wait could catch a cell
     * just replaced (a StaleElementReferenceException failed a CI rehearsal).
     */
    private static String unstale(java.util.function.Supplier<String> read) {
        for (int attempt = 1; ; attempt++) {
            try {
                return read.get();
            } catch (StaleElementReferenceException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }
}
