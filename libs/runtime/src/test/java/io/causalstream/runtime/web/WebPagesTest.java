package io.causalstream.runtime.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WebPagesTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private Javalin app;
    private String base;

    @BeforeEach
    void start() {
        app = Javalin.create(cfg -> cfg.showJavalinBanner = false);
        new WebPages().redirect("/", "/things/one").page("/things/{id}", "sample-page").register(app);
        app.start("127.0.0.1", 0);
        base = "http://127.0.0.1:" + app.port();
    }

    @AfterEach
    void stop() {
        app.stop();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesPagesWithTheSecurityHeaders() throws Exception {
        HttpResponse<String> page = get("/things/x%20y");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("sample page");
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("text/html"));
        assertThat(page.headers().firstValue("Content-Security-Policy")).contains(WebPages.CSP);
        assertThat(WebPages.CSP).doesNotContain("unsafe-inline").contains("script-src 'self'");
        assertThat(page.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(get("/").statusCode()).isEqualTo(302);
    }

    @Test
    void servesTheSharedAssetsAndTheBrowserLibrariesFromTheWebjarsAndNpm() throws Exception {
        assertThat(get("/assets/graph.js").body()).contains("window.CausalGraph");
        assertThat(get("/assets/app.css").statusCode()).isEqualTo(200);
        for (String lib : java.util.stream.Stream.concat(WebPages.LIBRARIES.keySet().stream(),
                WebPages.NPM_LIBRARIES.keySet().stream()).toList()) {
            HttpResponse<String> r = get("/assets/lib/" + lib);
            assertThat(r.statusCode()).as(lib).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).as(lib).hasValueSatisfying(t -> assertThat(t)
                    .startsWith("text/javascript"));
            assertThat(r.headers().firstValue("Content-Security-Policy")).as(lib).contains(WebPages.CSP);
            assertThat(r.body().length()).as(lib).isGreaterThan(10_000);
        }
        assertThat(get("/assets/lib/cytoscape.js").body()).contains("cytoscape");
        assertThat(WebPages.library("cytoscape.js"))
                .matches("META-INF/resources/webjars/cytoscape/\\d+\\.\\d+\\.\\d+/dist/cytoscape\\.min\\.js");
        // the npm bundle registers itself with the global cytoscape, as the pages load it
        assertThat(get("/assets/lib/cytoscape-layout-utilities.js").body()).contains("cytoscapeLayoutUtilities");
    }

    @Test
    void answersNotFoundForAnythingElse() throws Exception {
        assertThat(get("/assets/lib/jquery.js").statusCode()).isEqualTo(404);
        assertThat(get("/assets/missing.js").statusCode()).isEqualTo(404);
        assertThat(get("/assets/graph.exe").statusCode()).isEqualTo(404);
        assertThat(get("/assets/..%2Fweb%2Fsample-page.html").statusCode()).isEqualTo(404);
        assertThat(WebPages.library("nothing.js")).isNull();
    }
}
