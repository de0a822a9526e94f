package io.causalstream.scorer.app;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.runtime.access.AccessTokens;
import io.causalstream.schemas.extraction.EdgeChange;
import io.causalstream.schemas.extraction.EdgeChangeKind;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.curation.CurationSettings;
import io.causalstream.testkit.Accessibility;
import io.causalstream.testkit.HeadlessChromium;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The curation page ({@code /curate/{id}}) of the real scorer, through the real broker and registry, in headless
 * Chromium, from the keyboard: sign in, flip a sign, delete an edge, add an edge from two selected spans, review the
 * diff, submit as gold: exactly that annotation is on {@code extractions} (triples and derivation), the gold on
 * {@code gold-graphs}, and the passage view then shows the model's extraction scored against it. Then the same
 * kind of correction with the keyboard alone (Tab, Enter, Space; no click, no shortcut key): from the passage view to
 * the curation page, sign in, choose an edge, confirm one and flip another, review, save. axe-core checks every page
 * ({@link Accessibility}). One scorer serves both tests, each on a passage of its own.
 */
@ExtendWith(KafkaTestCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CurationPageIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    //                                  0     6   10                  30  35                        55        65
    private static final String TEXT = "Heavy rain increases flooding. Dams reduce flooding in the valley.";
    private static final String TOKEN = "curator-token-for-the-page-test";

    // static: filled before @BeforeAll (an instance field is filled only before each test)
    @TempDir
    static Path dir;

    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final String mouseAndKeys = "curate-" + run;
    private final String keyboardOnly = "curate-keys-" + run;
    private ScorerService service;

    /** One scorer; two passages, each with the model's extraction: a wrong sign, a right edge, an invented one. */
    @BeforeAll
    void startScorer(TestCluster cluster) throws Exception {
        service = ScorerService.start(cluster.streamsService("scorer-curation-" + run, dir.resolve("state"),
                Map.of(CurationSettings.CURATORS, AccessTokens.line("Ann", TOKEN))));
        for (String passage : List.of(mouseAndKeys, keyboardOnly)) {
            cluster.send(Topics.PASSAGES, passage, Passage.newBuilder().setId(passage).setText(TEXT)
                    .setTitle("Floods in the valley").setPublishedAt(Instant.now()).build());
            cluster.send(Topics.EXTRACTIONS, passage, Extraction.newBuilder().setPassageId(passage)
                    .setAnnotationId("llama3").setAnnotator(Annotator.newBuilder().setId("llama3")
                            .setKind(AnnotatorKind.MODEL).build())
                    .setTriples(List.of(triple("heavy rain", "flooding", DECREASE, 0, 29),
                            triple("dams", "flooding", DECREASE, 31, 65), triple("tourism", "litter", INCREASE)))
                    .setCreatedAt(Instant.ofEpochMilli(1_000)).build());
        }
        for (String passage : List.of(mouseAndKeys, keyboardOnly)) {
            cluster.readUntil(Topics.SCORED_GRAPHS, WAIT, rs -> rs.stream().anyMatch(r -> r.value().getPassageId()
                    .equals(passage) && r.value().getEdges().stream()
                    .noneMatch(e -> e.getValidation() == ValidationState.UNCHECKED)));
        }
    }

    @AfterAll
    void stopScorer() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void aCuratorFlipsDeletesAndAddsAnEdgeAndTheCorrectionBecomesGold(TestCluster cluster) throws Exception {
        String passage = mouseAndKeys;
        try (HeadlessChromium chromium = HeadlessChromium.open(dir.resolve("mouse-and-keys"), 1400, 1100)) {
            WebDriver browser = chromium.driver();
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(40));
            String base = "http://127.0.0.1:" + service.httpPort();
            browser.get(base + "/curate/" + passage);
            try {
                wait.until(d -> d.findElement(By.id("signin")).isDisplayed());
                Accessibility.check(browser, "curation sign-in");
                browser.findElement(By.id("token")).sendKeys(TOKEN);
                browser.findElement(By.cssSelector("#signin-form button")).click();
                wait.until(d -> "llama3".equals(chromium.js("return document.body.dataset.extraction;"))
                        && "drawn".equals(chromium.js("return document.body.dataset.state;")));
                // the name comes from the session request, which may answer after the passage is drawn
                wait.until(d -> "curator Ann".equals(d.findElement(By.id("who")).getText()));
                assertThat(rows(chromium)).isEqualTo("kept,kept,kept");
                Accessibility.check(browser, "curation");

                keys(browser, "f");                 // flip edge 0
                keys(browser, "jj");                // to edge 2
                keys(browser, "d");                 // delete it
                keys(browser, "k");                 // a mistaken flip of edge 1, undone
                keys(browser, "f");
                assertThat(rows(chromium)).isEqualTo("flipped,flipped,deleted");
                keys(browser, "u");
                assertThat(rows(chromium)).isEqualTo("flipped,kept,deleted");
                select(chromium, 6, 10);            // "rain"
                keys(browser, "1");
                select(chromium, 55, 65);           // "the valley"
                keys(browser, "2");
                keys(browser, "+");
                assertThat(rows(chromium)).isEqualTo("flipped,kept,deleted,added");
                keys(browser, "v");                 // the diff before submitting
                wait.until(d -> d.findElement(By.id("review")).isDisplayed());
                assertThat(chromium.js("return [...document.querySelectorAll('#diff li')].map(l => l.dataset.change)"
                        + ".join(',');")).isEqualTo("flipped,deleted,added");
                assertThat(browser.findElement(By.id("diff")).getText()).contains("heavy rain ⊣ flooding ⇒ "
                        + "heavy rain → flooding").contains("− tourism → litter").contains("+ rain → the valley");
                chromium.screenshot("curation-review.png");
                Accessibility.check(browser, "curation review");
                browser.findElement(By.tagName("body")).click();
                keys(browser, "g");                 // also gold
                assertThat(browser.findElement(By.id("gold")).isSelected()).isTrue();
                new Actions(browser).sendKeys(org.openqa.selenium.Keys.ENTER).perform();
                wait.until(d -> chromium.js("return document.body.dataset.submitted || '';").toString()
                        .startsWith("curated-Ann-"));
                String id = chromium.js("return document.body.dataset.submitted;").toString();

                // exactly that annotation on the topic
                List<ConsumerRecord<String, Extraction>> published = cluster.readUntil(Topics.EXTRACTIONS, WAIT,
                        rs -> rs.stream().anyMatch(r -> r.value().getAnnotationId().equals(id)));
                Extraction curated = published.stream().filter(r -> r.value().getAnnotationId().equals(id))
                        .reduce((a, b) -> b).orElseThrow().value();
                assertThat(published.stream().filter(r -> r.value().getAnnotationId().equals(id))).hasSize(1);
                assertThat(curated.getAnnotator().getId()).isEqualTo("Ann");
                assertThat(curated.getAnnotator().getKind()).isEqualTo(AnnotatorKind.HUMAN);
                assertThat(curated.getTriples()).extracting(t -> t.getSource() + "|" + t.getTarget() + "|"
                        + t.getDirection() + "|" + t.getEvidence()).containsExactly(
                        "heavy rain|flooding|INCREASE|" + List.of(new EvidenceSpan(0, 29)),
                        "dams|flooding|DECREASE|" + List.of(new EvidenceSpan(31, 65)),
                        "rain|the valley|INCREASE|" + List.of(new EvidenceSpan(6, 10), new EvidenceSpan(55, 65)));
                assertThat(curated.getDerivation().getFromAnnotationId()).isEqualTo("llama3");
                assertThat(curated.getDerivation().getGold()).isTrue();
                assertThat(curated.getDerivation().getEdges()).extracting(EdgeChange::getChange,
                        EdgeChange::getSourceIndex, EdgeChange::getIndex).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.FLIPPED, 0, 0),
                        org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.KEPT, 1, 1),
                        org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.DELETED, 2, null),
                        org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.ADDED, null, 2));
                List<ConsumerRecord<String, GoldGraph>> golds = cluster.readUntil(Topics.GOLD_GRAPHS, WAIT,
                        rs -> rs.stream().anyMatch(r -> r.value().getAnnotationId().equals(id)));
                assertThat(golds.stream().filter(r -> r.value().getAnnotationId().equals(id)).findFirst()
                        .orElseThrow().value().getOrigin()).isEqualTo(GoldOrigin.CURATED);

                // the model's extraction scored against the correction, in the passage view
                cluster.readUntil(Topics.SCORED_GRAPHS, WAIT, rs -> rs.stream().anyMatch(r -> scoredAgainst(
                        r.value(), passage, "llama3", id)));
                browser.get(base + "/passages/" + passage);
                wait.until(d -> "drawn".equals(chromium.js("return document.body.dataset.state;")));
                String card = browser.findElement(By.cssSelector("section.annotation[data-annotation='llama3']"))
                        .getText();
                assertThat(card).contains("vs gold " + id + " (curated)").contains("soft F1");
                chromium.screenshot("curation-scored.png");
                Accessibility.check(browser, "passage view, scored against the correction");
                assertThat(chromium.console()).as("browser console").noneMatch(HeadlessChromium::refusedByPolicy);
            } catch (RuntimeException | AssertionError e) {
                chromium.screenshot("curation-failure.png");
                throw new AssertionError("page test failed on " + browser.getCurrentUrl() + "; page text:\n"
                        + browser.findElement(By.tagName("body")).getText() + "\nconsole: " + chromium.console(), e);
            }
        }
    }

    /**
     * The keyboard alone, from the passage view: Tab to "Correct this annotation" and Enter; Tab to the token, type
     * it, Enter; Tab to edge 1's button and Enter chooses it, Tab to "Correct" and Space confirms it; Shift+Tab back to
     * edge 0, Enter, Tab to "Flip", Enter; Tab to "Review changes", Enter; Shift+Tab to "also gold", Space; Tab to
     * "Submit", Enter. Every control on the way shows its focus ({@link HeadlessChromium#tabTo}).
     */
    @Test
    void theCurationFlowWorksFromTheKeyboardAlone(TestCluster cluster) throws Exception {
        String passage = keyboardOnly;
        try (HeadlessChromium chromium = HeadlessChromium.open(dir.resolve("keyboard-only"), 1400, 1100)) {
            WebDriver browser = chromium.driver();
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(40));
            String base = "http://127.0.0.1:" + service.httpPort();
            try {
                browser.get(base + "/passages/" + passage);
                wait.until(d -> "drawn".equals(chromium.js("return document.body.dataset.state;")));
                // each drawing's text alternative: a table of its edges, with a button doing what a click on one does
                assertThat(chromium.js("return [...document.querySelectorAll('section.annotation .graph-edges tbody tr')]"
                        + ".map(r => [...r.cells].slice(0, 4).map(c => c.textContent).join('|')).join(' / ');"))
                        .asString().contains("heavy rain|flooding|decreases|").contains("dams|flooding|decreases|")
                        .contains("tourism|litter|increases|");
                chromium.tabTo("section.annotation[data-annotation='llama3'] .graph-edges summary", 20);
                chromium.press(Keys.ENTER);
                chromium.tabTo("section.annotation[data-annotation='llama3'] .graph-edges tbody tr:nth-child(2) button",
                        10);
                chromium.press(Keys.SPACE);
                wait.until(d -> d.findElement(By.cssSelector("section.annotation[data-annotation='llama3']"
                        + " .edge-detail")).getText().contains("dams ⊣ flooding"));
                chromium.screenshot("passage-view-keyboard.png");
                Accessibility.check(browser, "passage view, an edge's details from its table");

                chromium.shiftTabTo("section.annotation[data-annotation='llama3'] a.curate-link", 20);
                chromium.press(Keys.ENTER);
                wait.until(d -> d.getCurrentUrl().contains("/curate/" + passage));
                wait.until(d -> d.findElement(By.id("signin")).isDisplayed());
                chromium.tabTo("#token", 15);
                chromium.press(TOKEN, Keys.ENTER);
                wait.until(d -> "curator Ann".equals(d.findElement(By.id("who")).getText()));
                wait.until(d -> "llama3".equals(chromium.js("return document.body.dataset.extraction;"))
                        && "drawn".equals(chromium.js("return document.body.dataset.state;")));
                assertThat(chromium.focusedId()).as("the focus after signing in").isEqualTo("title");

                chromium.tabTo("#edges tr[data-index='1'] button", 20);
                chromium.press(Keys.ENTER);
                // the redrawn table: edge 1 chosen, the focus on its button
                assertThat(chromium.js("return document.activeElement.closest('tr').dataset.index + ' '"
                        + " + document.activeElement.getAttribute('aria-current');")).isEqualTo("1 true");
                chromium.tabTo("#keep", 10);
                chromium.press(Keys.SPACE);
                assertThat(browser.findElement(By.cssSelector("#edges tr[data-index='1'] td.change"))
                        .getDomProperty("textContent")).isEqualTo("kept ✓");
                chromium.shiftTabTo("#edges tr[data-index='0'] button", 10);
                chromium.press(Keys.ENTER);
                chromium.tabTo("#flip", 10);
                chromium.press(Keys.ENTER);
                assertThat(rows(chromium)).isEqualTo("flipped,kept,kept");
                chromium.tabTo("#review-button", 10);
                chromium.press(Keys.ENTER);
                wait.until(d -> d.findElement(By.id("review")).isDisplayed());
                assertThat(chromium.focusedId()).isEqualTo("submit");
                assertThat(browser.findElement(By.id("diff")).getText()).contains("heavy rain ⊣ flooding ⇒ "
                        + "heavy rain → flooding").contains("✓ dams ⊣ flooding");
                chromium.shiftTabTo("#gold", 5);
                chromium.press(Keys.SPACE);
                assertThat(browser.findElement(By.id("gold")).isSelected()).isTrue();
                chromium.screenshot("curation-keyboard-review.png");
                Accessibility.check(browser, "curation review, from the keyboard");
                chromium.tabTo("#submit", 5);
                chromium.press(Keys.ENTER);
                wait.until(d -> chromium.js("return document.body.dataset.submitted || '';").toString()
                        .startsWith("curated-Ann-"));
                String id = chromium.js("return document.body.dataset.submitted;").toString();

                List<ConsumerRecord<String, Extraction>> published = cluster.readUntil(Topics.EXTRACTIONS, WAIT,
                        rs -> rs.stream().anyMatch(r -> r.value().getAnnotationId().equals(id)));
                Extraction curated = published.stream().filter(r -> r.value().getAnnotationId().equals(id))
                        .reduce((a, b) -> b).orElseThrow().value();
                assertThat(curated.getTriples()).extracting(t -> t.getSource() + "|" + t.getTarget() + "|"
                        + t.getDirection()).containsExactly("heavy rain|flooding|INCREASE", "dams|flooding|DECREASE",
                        "tourism|litter|INCREASE");
                assertThat(curated.getDerivation().getGold()).isTrue();
                assertThat(curated.getDerivation().getEdges()).extracting(EdgeChange::getChange,
                        EdgeChange::getConfirmed).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.FLIPPED, false),
                        org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.KEPT, true),
                        org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.KEPT, false));
                assertThat(chromium.console()).as("browser console").noneMatch(HeadlessChromium::refusedByPolicy)
                        .noneMatch(HeadlessChromium::uncaught);
            } catch (RuntimeException | AssertionError e) {
                chromium.screenshot("curation-keyboard-failure.png");
                throw new AssertionError("keyboard test failed on " + browser.getCurrentUrl() + "; focus on "
                        + chromium.js("return document.activeElement.outerHTML.slice(0, 200);") + "; page text:\n"
                        + browser.findElement(By.tagName("body")).getText() + "\nconsole: " + chromium.console(), e);
            }
        }
    }

    private static boolean scoredAgainst(ScoredGraph g, String passage, String annotation, String gold) {
        return g.getPassageId().equals(passage) && g.getAnnotationId().equals(annotation)
                && gold.equals(g.getGoldAnnotationId()) && !g.getScores().isEmpty();
    }

    private static String rows(HeadlessChromium chromium) {
        return String.valueOf(chromium.js("return [...document.querySelectorAll('#edges tbody tr')]"
                + ".map(r => r.dataset.change).join(',');"));
    }

    private static void keys(WebDriver browser, String keys) {
        new Actions(browser).sendKeys(keys).perform();
    }

    /** Selects characters [start, end) of the passage text, as a curator's mouse would. */
    private static void select(HeadlessChromium chromium, int start, int end) {
        chromium.js("const root = document.getElementById('text'); const w = document.createTreeWalker(root,"
                + " NodeFilter.SHOW_TEXT); let pos = 0, s = null, e = null;"
                + " for (let n = w.nextNode(); n; n = w.nextNode()) { const len = n.textContent.length;"
                + "   if (!s && arguments[0] < pos + len) s = [n, arguments[0] - pos];"
                + "   if (!e && arguments[1] <= pos + len) e = [n, arguments[1] - pos]; pos += len; }"
                + " const r = document.createRange(); r.setStart(s[0], s[1]); r.setEnd(e[0], e[1]);"
                + " const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(r);", start, end);
    }

    private static Triple triple(String source, String target, Direction direction, int... span) {
        Triple.Builder t = Triple.newBuilder().setSource(source).setTarget(target).setDirection(direction);
        if (span.length == 2) {
            t.setEvidence(List.of(EvidenceSpan.newBuilder().setStart(span[0]).setEnd(span[1]).build()));
        }
        return t.build();
    }
}
