package io.causalstream.elo.app;

import static io.causalstream.testkit.Samples.annotation;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.alignment.MeasureAlignment;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.Accessibility;
import io.causalstream.testkit.HeadlessChromium;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The rater page and the live dashboard in a real browser ({@link HeadlessChromium}). A rater signs in, is shown
 * the only pair that has no annotation of theirs (both annotations as lists and drawn as graphs), clicks "Left is
 * better", and the dashboard opened before the click shows the new ratings through server-sent events; the same
 * flow from the keyboard alone (Tab, Enter, Space: no click), and a passage of the dashboard opened from the keyboard.
 * axe-core checks every page ({@link Accessibility}). Screenshots of each page are kept under
 * {@code target/screenshots/}.
 */
@ExtendWith(KafkaTestCluster.class)
class WebPagesIT {

    private static final Instant T0 = Instant.parse("2026-03-04T08:00:00Z");

    @TempDir
    Path dir;

    private HeadlessChromium chromium;
    private WebDriver browser;

    @BeforeEach
    void openBrowser() throws Exception {
        chromium = HeadlessChromium.open(dir, 1400, 1000);
        browser = chromium.driver();
    }

    @AfterEach
    void closeBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    private Map<String, String> config() {
        Map<String, String> cfg = new HashMap<>();
        cfg.put("application.id", "elo-web-" + UUID.randomUUID());
        cfg.put("state.dir", dir.resolve("state").toString());
        cfg.put("http.port", "0");
        cfg.put("http.host", "127.0.0.1");
        cfg.put("http.advertised.host", "127.0.0.1");
        cfg.put("elo.bt.refit.interval.ms", "200");
        cfg.put("elo.live.interval.ms", "100");
        cfg.put("elo.signin.open", "true"); // the demo's sign-in by name
        cfg.put("kafka.streams.commit.interval.ms", "100");
        return cfg;
    }

    /** The passage and its three annotations: HumanA may only judge HumanB against llama3. */
    private static void publish(TestCluster cluster, String passage) {
        cluster.send(Topics.PASSAGES, passage, Passage.newBuilder().setId(passage)
                .setText("Heavy rainfall increases flooding, while better drainage reduces it.")
                .setPublishedAt(T0).build());
        cluster.sendAll(Topics.EXTRACTIONS, List.of(
                Map.entry(passage, annotation(passage, "HumanA", AnnotatorKind.HUMAN, T0,
                        triple("rainfall intensity", "valley flooding", Direction.INCREASE))),
                Map.entry(passage, annotation(passage, "HumanB", AnnotatorKind.HUMAN, T0,
                        triple("heavy rainfall", "flooding", Direction.INCREASE),
                        triple("better drainage", "flooding", Direction.DECREASE))),
                Map.entry(passage, annotation(passage, "llama3", AnnotatorKind.MODEL, T0,
                        triple("rainfall", "drainage", Direction.INCREASE)))));
    }

    @Test
    void aClickOnTheRaterPageShowsUpLiveOnTheDashboard(TestCluster cluster) throws Exception {
        String passage = "web-" + UUID.randomUUID().toString().substring(0, 8);
        try (EloService service = EloService.start(cluster.config(config()))) {
            publish(cluster, passage);
            String base = "http://127.0.0.1:" + service.httpPort();
            ItSupport.poll(service.httpPort(), "/health", Map.class, h -> "RUNNING".equals(h.get("streams")));
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(40));
            try {
                clickThrough(cluster, base, passage, wait);
            } catch (RuntimeException | AssertionError e) {
                screenshot("failure.png");
                throw new AssertionError("page test failed on " + browser.getCurrentUrl() + "; page text:\n"
                        + browser.findElement(By.tagName("body")).getText(), e);
            }
        }
    }

    private void clickThrough(TestCluster cluster, String base, String passage, WebDriverWait wait) throws Exception {
        // the dashboard redraws its tables as events arrive: an element read while its row is replaced is read again
        wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        {

            // the dashboard first: it must learn of the judgment live, without a reload
            browser.get(base + "/dashboard?passage=" + passage);
            wait.until(ExpectedConditions.textToBe(By.id("live-text"), "live"));
            String dashboard = browser.getWindowHandle();

            // the rater page in another tab; HumanA signs in and may only judge HumanB against llama3
            browser.switchTo().newWindow(WindowType.TAB);
            browser.get(base + "/rater?passage=" + passage);
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("signin-name")));
            Accessibility.check(browser, "rater sign-in");
            browser.findElement(By.id("signin-name")).sendKeys("HumanA");
            browser.findElement(By.id("signin-button")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("passage-text"), "Heavy rainfall"));
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("who"), "Rating as HumanA"));
            // HumanB has two relations, llama3 one; HumanA's own annotation is never shown to HumanA
            String shown = cells("left-table") + " / " + cells("right-table");
            assertThat(rows("left-table") + rows("right-table")).as(shown).isEqualTo(3);
            assertThat(shown).contains("better drainage").contains("↓ decrease").contains("rainfall|drainage")
                    .doesNotContain("rainfall intensity");
            // and each side drawn as a graph beside its list (graph.js): HumanB 3 concepts and 2 edges, llama3 2 and 1
            wait.until(d -> "drawn".equals(graphData("left-graph", "state"))
                    && "drawn".equals(graphData("right-graph", "state")));
            assertThat(graphData("left-graph", "edges") + "/" + graphData("right-graph", "edges"))
                    .isIn("2/1", "1/2");
            assertThat(Integer.parseInt(graphData("left-graph", "nodes"))
                    + Integer.parseInt(graphData("right-graph", "nodes"))).isEqualTo(5);
            assertThat(Integer.parseInt(graphData("left-graph", "edges"))).isEqualTo(rows("left-table"));
            screenshot("rater-page.png");
            Accessibility.check(browser, "rater pair");

            browser.findElement(By.id("guidelines-button")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("guidelines-dialog"),
                    "Prefer the correct direction of the causal relation"));
            screenshot("rater-guidelines.png");
            Accessibility.check(browser, "rater guidelines dialog");
            browser.findElement(By.id("guidelines-close")).click();

            String leftAnnotation = rows("left-table") == 2 ? "HumanB" : "llama3";
            String rightAnnotation = leftAnnotation.equals("HumanB") ? "llama3" : "HumanB";
            browser.findElement(By.id("left-button")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "Recorded"));
            assertThat(browser.findElement(By.id("count")).getText()).isEqualTo("1");

            // back to the dashboard: the winner went 1000 -> 1016, the loser 1000 -> 984, pushed live
            browser.switchTo().window(dashboard);
            wait.until(d -> eloCell(leftAnnotation).equals("1016.0") && eloCell(rightAnnotation).equals("984.0"));
            wait.until(ExpectedConditions.textToBePresentInElementLocated(
                    By.cssSelector("#overview tr[data-passage='" + passage + "'] td.judgments"), "1"));
            // the Bradley-Terry refit arrives a moment later
            wait.until(d -> !d.findElement(By.cssSelector("#players tr[data-annotation='" + leftAnnotation + "']"))
                    .getText().contains("refitting"));
            // the scorer's measure-alignment records show up live in the agreement panel
            cluster.send(Topics.MEASURE_ALIGNMENT, passage + "|meteor@0.55", MeasureAlignment.newBuilder()
                    .setScope(passage).setMeasure("meteor@0.55").setSpearman(0.5).setN(2).setThreshold(0.55)
                    .setUpdatedAt(T0).build());
            cluster.send(Topics.MEASURE_ALIGNMENT, "ALL|meteor@0.55", MeasureAlignment.newBuilder()
                    .setScope("ALL").setMeasure("meteor@0.55").setSpearman(0.42).setCiLow(0.1).setCiHigh(0.74)
                    .setCiLevel(0.95).setN(20).setPassages(7).setThreshold(0.55).setUpdatedAt(T0).build());
            wait.until(d -> cells("alignment").contains("meteor@0.55|0.420|(0.100, 0.740)|7|0.500"));
            screenshot("dashboard.png");
            Accessibility.check(browser, "dashboard");

            browser.get(base + "/guidelines");
            screenshot("guidelines.png");
            Accessibility.check(browser, "guidelines");

            // the pages run under the service's Content-Security-Policy (no inline script or style): nothing refused
            assertThat(chromium.console()).as("browser console").noneMatch(HeadlessChromium::refusedByPolicy);

            // the service, not the browser, stamped the rater on the judgment
            List<ConsumerRecord<String, Judgment>> judgments = cluster.readUntil(Topics.JUDGMENTS,
                    ItSupport.TIMEOUT, rs -> rs.stream().anyMatch(r -> passage.equals(r.key())));
            Judgment j = judgments.stream().filter(r -> passage.equals(r.key())).findFirst().orElseThrow().value();
            assertThat(j.getRaterId()).isEqualTo("HumanA");
            assertThat(j.getLeft()).isEqualTo(leftAnnotation);
            assertThat(j.getRight()).isEqualTo(rightAnnotation);
            assertThat(j.getOutcome()).isEqualTo(Outcome.LEFT);
        }
    }

    /**
     * The rater's flow with the keyboard alone: Tab to the name field, type, Enter signs in; Tab to "Left is better"
     * and Enter judges; the focus is never lost (it stays on the button, or moves to the heading of the section
     * shown). Then the dashboard: Tab to the passage's link in "All passages", Enter opens its tournament, which
     * shows the judgment; back on the rater page nothing is left to judge.
     */
    @Test
    void theRaterFlowWorksFromTheKeyboardAlone(TestCluster cluster) throws Exception {
        String passage = "keys-" + UUID.randomUUID().toString().substring(0, 8);
        String other = "keys-other-" + UUID.randomUUID().toString().substring(0, 8);
        try (EloService service = EloService.start(cluster.config(config()))) {
            publish(cluster, passage);
            publish(cluster, other);
            String base = "http://127.0.0.1:" + service.httpPort();
            ItSupport.poll(service.httpPort(), "/health", Map.class, h -> "RUNNING".equals(h.get("streams")));
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(40));
            try {
                browser.get(base + "/rater?passage=" + passage);
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("signin-name")));
                chromium.tabTo("#signin-name", 10);
                chromium.press("HumanA", Keys.ENTER);
                wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("passage-text"), "Heavy rainfall"));
                // the sign-in form is gone: the focus is on the pair's heading, not lost
                wait.until(d -> "pair-info".equals(chromium.focusedId()));
                wait.until(d -> "drawn".equals(graphData("left-graph", "state"))
                        && "drawn".equals(graphData("right-graph", "state")));
                // each drawing's text alternative: its edges as a table, as many rows as the list beside it
                assertThat(browser.findElements(By.cssSelector("#left-graph-edges tbody tr"))).hasSize(rows("left-table"));
                assertThat(browser.findElement(By.id("left-graph")).getDomAttribute("role")).isEqualTo("figure");
                String leftAnnotation = rows("left-table") == 2 ? "HumanB" : "llama3";
                int tabs = chromium.tabTo("#left-button", 30);
                chromium.press(Keys.ENTER);
                wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "Recorded: left is better"));
                // the focus is not lost: on the button while the next answer is awaited (the same pair again if the
                // vote is not counted yet), on the heading of "Nothing left to rate" once it is
                Thread.sleep(1_000);
                assertThat(chromium.focusedId()).isIn("left-button", "done-title");

                // the dashboard, opened on the other passage: Tab to this passage's link, Enter opens its tournament
                browser.get(base + "/dashboard?passage=" + other);
                wait.until(ExpectedConditions.textToBe(By.id("live-text"), "live"));
                wait.until(ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector("#overview a[data-passage='" + passage + "']")));
                chromium.tabTo("#overview a[data-passage='" + passage + "']", 40);
                chromium.press(Keys.ENTER);
                wait.until(d -> eloCell(leftAnnotation).equals("1016.0"));
                assertThat(browser.getCurrentUrl()).endsWith("/dashboard?passage=" + passage);
                assertThat(browser.findElement(By.cssSelector("#overview a[data-passage='" + passage + "']"))
                        .getDomAttribute("aria-current")).isEqualTo("true");
                // the focus stays on the link while live events rebuild the table
                assertThat(chromium.focusedId()).isEmpty();
                assertThat(chromium.js("return document.activeElement.dataset.passage;")).isEqualTo(passage);
                chromium.screenshot("dashboard-keyboard.png");
                Accessibility.check(browser, "dashboard, a passage opened from the keyboard");

                // the vote counted, the only pair HumanA may judge is judged: the rater page says so, with the focus
                // on that section's heading
                browser.get(base + "/rater?passage=" + passage);
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("done")));
                wait.until(d -> "done-title".equals(chromium.focusedId()));
                chromium.screenshot("rater-keyboard-done.png");
                Accessibility.check(browser, "rater, nothing left");
                System.out.println("rater page: " + tabs + " Tabs from the pair's heading to \"Left is better\"");
                assertThat(chromium.console()).as("browser console").noneMatch(HeadlessChromium::refusedByPolicy)
                        .noneMatch(HeadlessChromium::uncaught);
            } catch (RuntimeException | AssertionError e) {
                screenshot("keyboard-failure.png");
                throw new AssertionError("keyboard test failed on " + browser.getCurrentUrl() + "; page text:\n"
                        + browser.findElement(By.tagName("body")).getText(), e);
            }
        }
    }

    private String eloCell(String annotation) {
        List<WebElement> cells = browser.findElements(By.cssSelector("#players tr[data-annotation='" + annotation
                + "'] td.elo"));
        return cells.isEmpty() ? "" : cells.get(0).getText();
    }

    private int rows(String table) {
        return browser.findElements(By.cssSelector("#" + table + " tbody tr")).size();
    }

    private String cells(String table) {
        return String.join("|", browser.findElements(By.cssSelector("#" + table + " tbody td")).stream()
                .map(WebElement::getText).toList());
    }

    private void screenshot(String name) throws Exception {
        chromium.screenshot(name);
    }

    /** A data attribute graph.js sets on a graph's container (state, nodes, edges). */
    private String graphData(String id, String key) {
        return String.valueOf(chromium.js("return document.getElementById(arguments[0]).dataset[arguments[1]];",
                id, key));
    }
}
