package io.causalstream.scorer.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ContributedEdge;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.fcm.model.Span;
import io.causalstream.fcm.model.Validation;
import io.causalstream.scorer.api.ScoresApi.AnnotationScores;
import io.causalstream.scorer.api.ScoresApi.EdgeView;
import io.causalstream.scorer.api.ScoresApi.Measure;
import io.causalstream.scorer.api.ScoresApi.PassageScores;
import io.causalstream.scorer.api.ScoresApi.Stage;
import io.causalstream.scorer.maps.MapDirectory;
import io.causalstream.scorer.maps.MapSnapshot;
import io.causalstream.scorer.maps.MapsApi;
import io.causalstream.scorer.web.ScorerPages;
import io.causalstream.testkit.HeadlessChromium;
import io.javalin.Javalin;
import io.javalin.http.HttpStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Graphs a person can read, in headless Chromium: on the passage view, an annotation of many separate parts is
 * drawn with every concept's label at 10 px or more and its headline score names its measure; on the map view, a
 * 232-concept map labels its highest-degree concepts at 10 px or more, the others on hover and as one zooms in; an
 * unknown passage id is "not found". Screenshots under {@code target/screenshots/readable-*.png}.
 *
 * <p>The pages and the maps API are the scorer's own ({@link ScorerPages}, {@link MapsApi} over maps built by
 * {@link MapAggregator}); the scores API answers the {@link PassageScores} records the real one answers, built here
 * (the passage view on the real pipeline: {@link ScorerPagesIT}).
 */
class ReadableGraphsIT {

    /** The smallest node label a person is expected to read, in CSS pixels on screen. */
    static final double MIN_LABEL_PX = 10;

    @TempDir
    Path dir;

    private final Map<String, PassageScores> passages = new HashMap<>();
    private final Map<String, MapSnapshot> maps = new LinkedHashMap<>();
    private Javalin server;
    private HeadlessChromium chromium;
    private String base;

    @BeforeEach
    void start() throws Exception {
        server = Javalin.create(cfg -> cfg.showJavalinBanner = false);
        new ScorerPages().register(server);
        new MapsApi(MapDirectory.of(maps)).register(server);
        // what ScoresApi answers: the passage's record, or 404 for an id it holds nothing for
        server.get("/api/passages/{id}/scores", ctx -> {
            String id = ctx.pathParam("id");
            PassageScores p = passages.get(id);
            if (p == null) {
                ctx.status(HttpStatus.NOT_FOUND).json(Map.of("error", "no passage " + id, "code", "not_found"));
                return;
            }
            ctx.json(p);
        });
        server.start("127.0.0.1", 0);
        base = "http://127.0.0.1:" + server.port();
        chromium = HeadlessChromium.open(dir, 1400, 1000);
    }

    @AfterEach
    void stop() {
        if (chromium != null) {
            chromium.close();
        }
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void aGraphOfManyPartsIsDrawnWithReadableLabelsAndANamedScore() throws Exception {
        // nine separate cause -> effect pairs and one chain of three: ten parts, 21 concepts
        String[][] pairs = {{"heavy rainfall", "river flooding"}, {"dam construction", "downstream sediment"},
            {"urban heat islands", "night-time temperatures"}, {"fertiliser runoff", "algal blooms"},
            {"tourism", "litter on beaches"}, {"drought", "crop yield"}, {"higher interest rates", "house prices"},
            {"lower blood pressure", "stroke risk"}, {"deforestation", "soil erosion"}};
        List<EdgeView> edges = new ArrayList<>();
        for (String[] p : pairs) {
            edges.add(edge(p[0], p[1], edges.size() % 3 == 0 ? "DECREASE" : "INCREASE"));
        }
        edges.add(edge("sea ice loss", "albedo", "DECREASE"));
        edges.add(edge("albedo", "ocean warming", "DECREASE"));
        List<Measure> scores = List.of(new Measure("exact", 1.0, 0, 11, 11, 11, 0.0, 0.0),
                new Measure("meteor", 0.55, 11, 11, 0, 0, 1.0, 1.0));
        passages.put("parts", new PassageScores("parts", "A passage of many separate claims.", "Many parts",
                List.of(new AnnotationScores("llama3", "llama3", "MODEL", "gold-1", "CURATED", scores, 1.0, 1.0, 0.5,
                        edges, 1_000L))));
        WebDriver browser = chromium.driver();
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(40));
        try {
            browser.get(base + "/passages/parts");
            wait.until(d -> "drawn".equals(chromium.js("return document.body.dataset.state;")));
            chromium.screenshot("readable-passage-parts.png");
            List<Map<String, Object>> labels = labels(".graph[data-annotation='llama3']");
            assertThat(labels).hasSize(21);
            assertThat(labels).as("every concept labelled, inside the box, at %s px or more", MIN_LABEL_PX)
                    .allSatisfy(l -> {
                        assertThat(l.get("shown")).as("shown: %s", l).isEqualTo(true);
                        assertThat(l.get("inView")).as("in view: %s", l).isEqualTo(true);
                        assertThat(((Number) l.get("px")).doubleValue()).as("px: %s", l)
                                .isGreaterThanOrEqualTo(MIN_LABEL_PX);
                    });
            // zoomed out three steps, the labels drawn keep their size on screen, and fewer are drawn than fit
            double zoom = ((Number) chromium.js("return document.querySelector(\".graph[data-annotation='llama3']\")"
                    + "._cy.zoom();")).doubleValue();
            for (int i = 0; i < 3; i++) {
                browser.findElement(By.cssSelector(".graph[data-annotation='llama3'] button[title='zoom out']")).click();
            }
            wait.until(d -> ((Number) chromium.js("return document.querySelector(\".graph[data-annotation='llama3']\")"
                    + "._cy.zoom();")).doubleValue() < zoom / 2);
            wait.until(d -> labels(".graph[data-annotation='llama3']").stream()
                    .allMatch(l -> ((Number) l.get("px")).doubleValue() >= MIN_LABEL_PX));
            assertThat(labels(".graph[data-annotation='llama3']")).filteredOn(l -> Boolean.TRUE.equals(l.get("shown")))
                    .hasSizeBetween(1, 20);
            chromium.screenshot("readable-passage-parts-zoomed-out.png");
            // the headline names its measure: METEOR's soft F1, not an unnamed exact-match 0.000
            var headline = browser.findElement(By.cssSelector("section.annotation .f1"));
            assertThat(headline.getText()).isEqualTo("METEOR soft F1 1.000");
            assertThat(headline.getDomAttribute("data-measure")).isEqualTo("meteor@0.55");
            assertThat(browser.findElement(By.cssSelector("section.annotation")).getText())
                    .contains("exact@1 0.000").contains("meteor@0.55 1.000");
            assertThat(chromium.console()).as("browser console").noneMatch(HeadlessChromium::refusedByPolicy);
        } catch (RuntimeException | AssertionError e) {
            throw failure(browser, "readable-passage-failure.png", e);
        }
    }

    @Test
    void aMapOfTwoHundredThirtyTwoConceptsLabelsItsHubsAndTheRestOnHover() throws Exception {
        CognitiveMap map = scatteredMap(232, 22);
        maps.put("concepts", MapSnapshot.of(map, 1_764_025_200_123L, 0));
        WebDriver browser = chromium.driver();
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
        try {
            browser.get(base + "/maps/concepts");
            wait.until(d -> "drawn".equals(chromium.js("return document.body.dataset.state;")));
            chromium.screenshot("readable-map-232.png");
            List<Map<String, Object>> shown = shownLabels("#map");
            assertThat(shown).as("labels drawn on the map").hasSizeGreaterThanOrEqualTo(12);
            assertThat(shown).allSatisfy(l -> assertThat(((Number) l.get("px")).doubleValue()).as("px: %s", l)
                    .isGreaterThanOrEqualTo(MIN_LABEL_PX));
            // the concept with the most edges is labelled
            String hub = hub(map);
            assertThat(shown).extracting(l -> l.get("label")).contains(hub);

            // an unlabelled concept under the pointer shows its label
            @SuppressWarnings("unchecked")
            Map<String, Object> quiet = (Map<String, Object>) chromium.js("const g = document.getElementById('map');"
                    + " const cy = g._cy; const n = cy.nodes().filter(x => x.style('label') === ''"
                    + " && x.renderedPosition().x > 40 && x.renderedPosition().y > 40"
                    + " && x.renderedPosition().x < g.clientWidth - 40 && x.renderedPosition().y < g.clientHeight - 40)[0];"
                    + " const p = n.renderedPosition();"
                    + " return {label: n.data('label'), x: p.x - g.clientWidth / 2, y: p.y - g.clientHeight / 2};");
            new Actions(browser).moveToElement(browser.findElement(By.id("map")),
                    (int) Math.round(((Number) quiet.get("x")).doubleValue()),
                    (int) Math.round(((Number) quiet.get("y")).doubleValue())).perform();
            wait.until(d -> shownLabels("#map").stream().anyMatch(l -> quiet.get("label").equals(l.get("label"))));
            assertThat(shownLabels("#map")).filteredOn(l -> quiet.get("label").equals(l.get("label")))
                    .allSatisfy(l -> assertThat(((Number) l.get("px")).doubleValue())
                            .isGreaterThanOrEqualTo(MIN_LABEL_PX));
            chromium.screenshot("readable-map-232-hover.png");
            new Actions(browser).moveByOffset(0, 0).moveToElement(browser.findElement(By.id("title"))).perform();

            // zooming in labels a larger share of the concepts in view, none smaller; the buttons are not taps
            double before = labelledShare("#map");
            for (int i = 0; i < 2; i++) {
                browser.findElement(By.cssSelector("#map .graph-zoom button[title='zoom in']")).click();
            }
            wait.until(d -> labelledShare("#map") > before);
            assertThat(shownLabels("#map")).allSatisfy(l -> assertThat(((Number) l.get("px")).doubleValue())
                    .isGreaterThanOrEqualTo(MIN_LABEL_PX));
            assertThat(browser.findElement(By.id("provenance")).getDomAttribute("data-edge")).isNull();
            chromium.screenshot("readable-map-232-zoomed.png");
            assertThat(chromium.console()).as("browser console").noneMatch(HeadlessChromium::refusedByPolicy);
        } catch (RuntimeException | AssertionError e) {
            throw failure(browser, "readable-map-failure.png", e);
        }
    }

    @Test
    void anUnknownPassageIsNotFoundAndAPassageWithoutTextYetIsComing() throws Exception {
        passages.put("coming", new PassageScores("coming", null, null, List.of(new AnnotationScores("rules", "rules",
                "RULES", null, null, List.of(), null, null, null, List.of(edge("rain", "flooding", "INCREASE")),
                1_000L))));
        WebDriver browser = chromium.driver();
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(40));
        try {
            for (String unknown : List.of("never-seen", "elo-99")) {
                browser.get(base + "/passages/" + unknown);
                wait.until(d -> "not-found".equals(chromium.js("return document.body.dataset.state;")));
                String page = browser.findElement(By.tagName("main")).getText();
                assertThat(browser.findElement(By.id("title")).getText()).isEqualTo("Passage not found");
                assertThat(page).contains("No passage \"" + unknown + "\"").doesNotContain("not been published");
                assertThat(browser.getTitle()).startsWith("Passage not found");
            }
            chromium.screenshot("readable-passage-not-found.png");
            browser.get(base + "/passages/coming");
            wait.until(d -> "drawn".equals(chromium.js("return document.body.dataset.state;")));
            assertThat(browser.findElement(By.id("passage-text")).getText())
                    .isEqualTo("(the passage text has not been published yet)");
            assertThat(browser.findElements(By.cssSelector("section.annotation"))).hasSize(1);
        } catch (RuntimeException | AssertionError e) {
            throw failure(browser, "readable-not-found-failure.png", e);
        }
    }

    /**
     * Every node of the graph in {@code selector}: its label, whether Cytoscape draws it (a label, displayed, not
     * under the minimum zoomed font size), its font size on screen and whether it lies inside the box.
     */
    private List<Map<String, Object>> labels(String selector) {
        return labels(chromium, selector);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> labels(HeadlessChromium chromium, String selector) {
        return (List<Map<String, Object>>) chromium.js("const g = document.querySelector(arguments[0]);"
                + " const cy = g._cy; const z = cy.zoom();"
                + " return cy.nodes().map(n => { const px = parseFloat(n.style('font-size')) * z;"
                + " const p = n.renderedPosition();"
                + " return {label: n.data('label'), px: px, inView: p.x >= 0 && p.y >= 0 && p.x <= g.clientWidth"
                + " && p.y <= g.clientHeight, shown: n.style('label') !== '' && n.style('display') !== 'none'"
                + " && px >= parseFloat(n.style('min-zoomed-font-size')) && parseFloat(n.style('text-opacity')) > 0};"
                + " });", selector);
    }

    private List<Map<String, Object>> shownLabels(String selector) {
        return shownLabels(chromium, selector);
    }

    /** The labels Cytoscape draws inside the box. */
    static List<Map<String, Object>> shownLabels(HeadlessChromium chromium, String selector) {
        return labels(chromium, selector).stream().filter(l -> Boolean.TRUE.equals(l.get("shown"))
                && Boolean.TRUE.equals(l.get("inView"))).toList();
    }

    /** The share of the concepts in view whose label is drawn. */
    private double labelledShare(String selector) {
        List<Map<String, Object>> inView = labels(selector).stream()
                .filter(l -> Boolean.TRUE.equals(l.get("inView"))).toList();
        return inView.stream().filter(l -> Boolean.TRUE.equals(l.get("shown"))).count() / (double) inView.size();
    }

    private AssertionError failure(WebDriver browser, String shot, Throwable e) {
        try {
            chromium.screenshot(shot);
        } catch (java.io.IOException io) {
            e.addSuppressed(io);
        }
        return new AssertionError("page test failed on " + browser.getCurrentUrl() + "; page text:\n"
                + browser.findElement(By.tagName("body")).getText() + "\nconsole: " + chromium.console(), e);
    }

    private static String hub(CognitiveMap map) {
        Map<String, Integer> degree = new HashMap<>();
        for (MapEdge e : map.edges()) {
            degree.merge(e.source(), 1, Integer::sum);
            degree.merge(e.target(), 1, Integer::sum);
        }
        String id = degree.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
                .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder()))).orElseThrow().getKey();
        return map.concepts().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow().label();
    }

    /**
     * {@code n} concepts with two- and three-word names in many separate parts, as a collective map of short
     * passages is: a few hubs that many passages mention, and small clusters around them or on their own.
     */
    static CognitiveMap scatteredMap(int n, long seed) {
        Random random = new Random(seed);
        String[] first = {"water", "soil", "river", "crop", "urban", "coastal", "forest", "air", "energy", "road",
            "public", "rural", "ocean", "household", "carbon", "grazing"};
        String[] second = {"quality", "erosion", "flooding", "yield", "heat", "prices", "cover", "pollution", "demand",
            "traffic", "health", "income", "acidity", "debt", "emissions", "pressure"};
        List<String> names = new ArrayList<>();
        for (int i = 0; names.size() < n; i++) {
            String name = first[i % first.length] + " " + second[(i / first.length + i) % second.length]
                    + (i >= first.length * second.length ? " " + (i / (first.length * second.length) + 1) : "");
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        MapAggregator a = new MapAggregator(AggregationSettings.DEFAULT);
        int p = 0;
        int next = 0;
        // 12 hubs, each with a cluster of 6 to 10 concepts around it
        for (int h = 0; h < 12; h++) {
            int hub = next++;
            int size = 6 + random.nextInt(5);
            List<ContributedEdge> edges = new ArrayList<>();
            for (int k = 0; k < size && next < n; k++) {
                int other = next++;
                edges.add(random.nextBoolean() ? edge(names.get(hub), names.get(other), random)
                        : edge(names.get(other), names.get(hub), random));
            }
            a.put(contribution(p++, edges));
        }
        // the rest in pairs and chains of three, on their own
        while (next < n) {
            List<ContributedEdge> edges = new ArrayList<>();
            int len = Math.min(n - next, 2 + random.nextInt(2));
            if (len < 2) {
                edges.add(edge(names.get(next), names.get(0), random));
                next++;
            }
            for (int k = 0; k + 1 < len; k++) {
                edges.add(edge(names.get(next + k), names.get(next + k + 1), random));
            }
            next += len;
            a.put(contribution(p++, edges));
        }
        CognitiveMap map = a.snapshot("concepts");
        assertThat(map.concepts()).hasSize(n);
        return map;
    }

    private static Contribution contribution(int p, List<ContributedEdge> edges) {
        return new Contribution("s" + p, "s" + p + "-a", "annotator-" + (p % 3), "MODEL", edges);
    }

    private static ContributedEdge edge(String source, String target, Random random) {
        return new ContributedEdge(source, target, random.nextInt(4) == 0 ? -1 : 1, 0.3 + 0.7 * random.nextDouble(),
                random.nextBoolean() ? Validation.VALIDATED : Validation.HYPOTHESIZED, List.of(new Span(0, 20)));
    }

    private static EdgeView edge(String source, String target, String direction) {
        return new EdgeView(source, target, direction, 0.6, "VALIDATED",
                List.of(new Stage("grounding", true, "both concepts occur in the passage")), List.of());
    }
}
