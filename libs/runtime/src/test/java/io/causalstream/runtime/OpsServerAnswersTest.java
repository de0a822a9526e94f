package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.runtime.web.HttpSecurity;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How every service's HTTP face answers what it has no route for, and what its guard refuses. */
class OpsServerAnswersTest {

    private final OpsServer ops = new OpsServer("test-service", () -> new OpsServer.Health(true, Map.of()));
    private final HttpClient http = HttpClient.newHttpClient();

    {
        new HttpSecurity(Set.of(), 64).register(ops.app());
        ops.app().get("/api/things/{id}", ctx -> ctx.json(Map.of("id", ctx.pathParam("id"))));
        ops.app().post("/api/things", ctx -> ctx.status(201));
        ops.start("127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        ops.close();
    }

    private HttpResponse<String> send(String method, String path, String contentType, String body,
                                      String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ops.port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        if (headers.length > 0) {
            b.headers(headers);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anUnknownPathIsAJson404WithACodeAndWithoutThePath() throws Exception {
        HttpResponse<String> r = send("GET", "/no/such/%3Cscript%3E", null, null);
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("application/json"));
        assertThat(r.body()).contains("\"code\":\"not_found\"").contains("\"error\":").doesNotContain("script");
    }

    @Test
    void aMethodThePathDoesNotHaveIs405WithAllow() throws Exception {
        HttpResponse<String> r = send("DELETE", "/health", null, null);
        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(r.headers().firstValue("Allow")).hasValue("GET, HEAD");
        assertThat(r.body()).contains("\"code\":\"method_not_allowed\"");
        HttpResponse<String> put = send("PUT", "/api/things/7", "application/json", "{}");
        assertThat(put.statusCode()).isEqualTo(405);
        assertThat(put.headers().firstValue("Allow")).hasValue("GET, HEAD");
    }

    @Test
    void headAnswersAsGetWithoutTheBody() throws Exception {
        HttpResponse<String> get = send("GET", "/api/things/7", null, null);
        HttpResponse<String> head = send("HEAD", "/api/things/7", null, null);
        assertThat(head.statusCode()).isEqualTo(get.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("Content-Type")).isEqualTo(get.headers().firstValue("Content-Type"));
        assertThat(head.body()).isEmpty();
        assertThat(send("HEAD", "/metrics", null, null).statusCode()).isEqualTo(200);
    }

    @Test
    void theFaviconIsNoContentNotAnError() throws Exception {
        assertThat(send("GET", "/favicon.ico", null, null).statusCode()).isEqualTo(204);
    }

    @Test
    void guardRefusalsCarryACode() throws Exception {
        HttpResponse<String> foreign = send("POST", "/api/things", "application/json", "{}",
                "Origin", "https://evil.example");
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(foreign.body()).contains("\"code\":\"cross_origin\"").contains("cross-origin request refused");
        HttpResponse<String> form = send("POST", "/api/things", "application/x-www-form-urlencoded", "a=b");
        assertThat(form.statusCode()).isEqualTo(415);
        assertThat(form.body()).contains("\"code\":\"unsupported_media_type\"");
        HttpResponse<String> big = send("POST", "/api/things", "application/json", "{\"x\":\"" + "a".repeat(100)
                + "\"}");
        assertThat(big.statusCode()).isEqualTo(413);
        assertThat(big.body()).contains("\"code\":\"body_too_large\"").contains("at most 64 bytes");
        assertThat(send("POST", "/api/things", "application/json", "{}").statusCode()).isEqualTo(201);
    }
}
