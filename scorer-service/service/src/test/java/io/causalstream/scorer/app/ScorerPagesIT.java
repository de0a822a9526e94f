package io.causalstream.scorer.app;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static io.causalstream.testkit.Samples.gold;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The passage view ({@code /passages/{id}}) of the real scorer, through the real broker and registry, in headless
 * Chromium: the passage text with the annotators' evidence spans highlighted, each annotation drawn as a graph
 * (colour by validation state, width by CESAR strength) with its soft F1 against the curated gold, and "no gold yet"
 * for a passage without one; an unknown id is "Passage not found". Screenshots under {@code target/screenshots/}. The map pages: {@link MapPagesIT}.
 */
@ExtendWith(KafkaTestCluster.class)
class ScorerPagesIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String TEXT = "Heavy rain increases flooding. Dams reduce flooding in the valley.";

    @Test
    void thePassageViewDrawsEveryAnnotationWithItsEvidenceAndScore(TestCluster cluster, @TempDir Path dir)
            throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String withGold = "page-" + run;
        String noGold = "page-nogold-" + run;
        var config = cluster.streamsService("scorer-pages-" + run, dir.resolve("state"), Map.of());
        try (ScorerService service = ScorerService.start(config);
                HeadlessChromium chromium = HeadlessChromium.open(dir, 1400, 1100)) {
            for (String p : List.of(withGold, noGold)) {
                cluster.send(Topics.PASSAGES, p, Passage.newBuilder().setId(p).setText(TEXT)
                        .setTitle("Floods in the valley").setPublishedAt(Instant.now()).build());
            }
            cluster.send(Topics.GOLD_GRAPHS, withGold, gold(withGold, "Human1", GoldOrigin.CURATED,
                    triple("heavy rain", "flooding", INCREASE, 0, 29), triple("dams", "flooding", DECREASE, 31, 65)));
            // llama3: both gold edges with evidence, and one the passage does not ground (rejected or hypothesized)
            cluster.send(Topics.EXTRACTIONS, withGold, extraction(withGold, "llama3",
                    triple("heavy rain", "flooding", INCREASE, 0, 29), triple("dams", "flooding", DECREASE, 31, 65),
                    triple("tourism", "litter", INCREASE)));
            cluster.send(Topics.EXTRACTIONS, withGold, extraction(withGold, "rules", triple("rain", "flooding",
                    INCREASE, 6, 10)));
            cluster.send(Topics.EXTRACTIONS, noGold, extraction(noGold, "llama3",
                    triple("dams", "flooding", DECREASE, 31, 65)));
            // the pages show the validated graphs: wait for them (validation runs once the text is there)
            for (String[] pa : new String[][] {{withGold, "llama3"}, {withGold, "rules"}, {noGold, "llama3"}}) {
                cluster.readUntil(Topics.SCORED_GRAPHS, WAIT, rs -> rs.stream().anyMatch(r -> validated(r.value(),
                        pa[0], pa[1], pa[0].equals(withGold))));
            }

            WebDriver browser = chromium.driver();
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(40));
            String base = "http://127.0.0.1:" + service.httpPort();
            browser.get(base + "/passages/" + withGold);
            try {
                wait.until(d -> "drawn".equals(chromium.js("return document.body.dataset.state;")));
                List<WebElement> cards = browser.findElements(By.cssSelector("section.annotation"));
                assertThat(cards).extracting(c -> c.getDomAttribute("data-annotation"))
                        .containsExactly("llama3", "rules");
                // llama3: 3 edges over 5 concepts (heavy rain, flooding, dams, tourism, litter)
                assertThat(graph(chromium, "llama3")).isEqualTo("5/3");
                assertThat(graph(chromium, "rules")).isEqualTo("2/1");
                // soft F1 against the gold: llama3 has both gold edges and one more: P 2/3, R 1, F1 0.8
                assertThat(cards.get(0).getText()).contains("METEOR soft F1 0.800").contains("vs gold Human1 (curated)");
                // the evidence spans are highlighted: [0, 29), [6, 10) inside it, [31, 65)
                assertThat(chromium.js("return [...document.querySelectorAll('#passage-text mark')]"
                        + ".map(m => m.textContent).join('|');"))
                        .isEqualTo("Heavy |rain| increases flooding|Dams reduce flooding in the valley");
                assertThat(browser.findElement(By.id("passage-text")).getText()).isEqualTo(TEXT);
                // a click on llama3's "dams ⊣ flooding" edge shows its state and focuses its span
                clickEdge(chromium, "llama3", "dams");
                wait.until(d -> cards.get(0).findElement(By.cssSelector(".edge-detail")).getText()
                        .contains("dams ⊣ flooding"));
                assertThat(cards.get(0).findElement(By.cssSelector(".edge-detail")).getText()).contains("[31-65)")
                        .contains("strength");
                assertThat(browser.findElements(By.cssSelector("#passage-text mark.focus")))
                        .extracting(WebElement::getText).containsExactly("Dams reduce flooding in the valley");
                chromium.screenshot("passage-view.png");
                Accessibility.check(browser, "passage view");

                // a passage without gold: its graph, and "no gold yet" instead of a score; #s31-65 focuses a span
                browser.get(base + "/passages/" + noGold + "#s31-65");
                wait.until(d -> "drawn".equals(chromium.js("return document.body.dataset.state;")));
                assertThat(graph(chromium, "llama3")).isEqualTo("2/1");
                assertThat(browser.findElement(By.cssSelector("section.annotation")).getText())
                        .contains("no gold yet").doesNotContain("soft F1");
                assertThat(browser.findElements(By.cssSelector("#passage-text mark.focus")))
                        .extracting(WebElement::getText).containsExactly("Dams reduce flooding in the valley");
                chromium.screenshot("passage-view-no-gold.png");
                Accessibility.check(browser, "passage view, no gold");

                // an id the scorer holds nothing for: "Passage not found"
                browser.get(base + "/passages/unknown-" + run);
                wait.until(d -> "not-found".equals(chromium.js("return document.body.dataset.state;")));
                assertThat(browser.findElement(By.id("title")).getText()).isEqualTo("Passage not found");
                assertThat(browser.findElement(By.tagName("main")).getText()).doesNotContain("not been published");
                Accessibility.check(browser, "passage not found");
                assertThat(chromium.console()).as("browser console").noneMatch(HeadlessChromium::refusedByPolicy);
            } catch (RuntimeException | AssertionError e) {
                chromium.screenshot("passage-view-failure.png");
                throw new AssertionError("page test failed on " + browser.getCurrentUrl() + "; page text:\n"
                        + browser.findElement(By.tagName("body")).getText() + "\nconsole: " + chromium.console(), e);
            }
        }
    }

    /** "nodes/edges" drawn in the graph of an annotation. */
    static String graph(HeadlessChromium chromium, String annotation) {
        return String.valueOf(chromium.js("const g = document.querySelector('.graph[data-annotation=\"' + arguments[0]"
                + " + '\"]'); return g.dataset.state === 'drawn' ? g.dataset.nodes + '/' + g.dataset.edges : '';",
                annotation));
    }

    /** A real mouse click on the middle of the edge whose source is labelled {@code source}. */
    static void clickEdge(HeadlessChromium chromium, String annotation, String source) {
        @SuppressWarnings("unchecked")
        Map<String, Object> at = (Map<String, Object>) chromium.js("const g = document.querySelector("
                + "'.graph[data-annotation=\"' + arguments[0] + '\"]'); const e = g._cy.edges().filter("
                + "x => x.data('sourceLabel') === arguments[1])[0]; const m = e.renderedMidpoint();"
                + " return {x: m.x - g.clientWidth / 2, y: m.y - g.clientHeight / 2};", annotation, source);
        WebElement graph = chromium.driver().findElement(By.cssSelector(".graph[data-annotation='" + annotation
                + "']"));
        new Actions(chromium.driver()).moveToElement(graph, (int) Math.round(((Number) at.get("x")).doubleValue()),
                (int) Math.round(((Number) at.get("y")).doubleValue())).click().perform();
    }

    private static boolean validated(ScoredGraph g, String passage, String annotation, boolean scored) {
        return g.getPassageId().equals(passage) && g.getAnnotationId().equals(annotation)
                && g.getEdges().stream().noneMatch(e -> e.getValidation() == ValidationState.UNCHECKED)
                && (!scored || !g.getScores().isEmpty());
    }

    private static Triple triple(String source, String target, Direction direction, int... span) {
        Triple.Builder t = Triple.newBuilder().setSource(source).setTarget(target).setDirection(direction);
        if (span.length == 2) {
            t.setEvidence(List.of(EvidenceSpan.newBuilder().setStart(span[0]).setEnd(span[1]).build()));
        }
        return t.build();
    }

    private static Extraction extraction(String passage, String id, Triple... triples) {
        return Extraction.newBuilder().setPassageId(passage).setAnnotationId(id)
                .setAnnotator(Annotator.newBuilder().setId(id).setKind(id.equals("rules") ? AnnotatorKind.RULES
                        : AnnotatorKind.MODEL).build())
                .setTriples(List.of(triples)).setCreatedAt(Instant.ofEpochMilli(1_000)).build();
    }
}
