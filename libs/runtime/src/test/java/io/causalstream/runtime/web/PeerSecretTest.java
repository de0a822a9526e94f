package io.causalstream.runtime.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An internal endpoint behind the peers' credential, asked by {@link Peers} and by strangers. */
class PeerSecretTest {

    private static final String SECRET = "the-secret-every-instance-shares";
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private Javalin app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        http.close();
    }

    private HostInfo instance(Peers guard) {
        app = Javalin.create(cfg -> cfg.showJavalinBanner = false);
        guard.guard(app);
        app.get("/api/internal/state", ctx -> ctx.json(java.util.Map.of("notices", java.util.List.of("n1"))));
        app.get("/api/public", ctx -> ctx.result("public"));
        app.start("127.0.0.1", 0);
        return new HostInfo("127.0.0.1", app.port());
    }

    private HttpResponse<String> get(HostInfo host, String path, String credential) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + host.port() + path));
        if (credential != null) {
            b.header(PeerSecret.HEADER, credential);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private void assertRefused(HttpResponse<String> r, int status, String code) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("application/json"));
        JsonNode body = json.readTree(r.body());
        assertThat(body.get("code").asText()).isEqualTo(code);
        assertThat(body.get("error").asText()).contains(PeerSecret.HEADER).doesNotContain(SECRET);
    }

    @Test
    void aPeerWithTheSharedSecretIsAnsweredOthersAreRefused() throws Exception {
        HostInfo host = instance(new Peers(http, PeerSecret.of(SECRET)));
        // another instance of the service: Peers sends the credential
        HttpResponse<String> peer = new Peers(http, PeerSecret.of(SECRET)).get(host, "/api/internal/state", "",
                null);
        assertThat(peer.statusCode()).isEqualTo(200);
        assertThat(peer.body()).contains("n1");
        // anyone else
        assertRefused(get(host, "/api/internal/state", null), 401, PeerSecret.MISSING);
        assertRefused(new Peers(http).get(host, "/api/internal/state", "", null), 401, PeerSecret.MISSING);
        assertRefused(get(host, "/api/internal/state", "guess"), 403, PeerSecret.WRONG);
        assertRefused(get(host, "/api/internal/state", SECRET), 403, PeerSecret.WRONG);
        assertRefused(new Peers(http, PeerSecret.of("another-service-another-secret")).get(host,
                "/api/internal/state", "", null), 403, PeerSecret.WRONG);
        // the other endpoints are not concerned
        assertThat(get(host, "/api/public", null).statusCode()).isEqualTo(200);
    }

    @Test
    void withoutASecretTheInternalEndpointsRefuseEveryone() throws Exception {
        HostInfo host = instance(new Peers(http));
        assertRefused(get(host, "/api/internal/state", null), 401, PeerSecret.MISSING);
        assertRefused(new Peers(http, PeerSecret.of(SECRET)).get(host, "/api/internal/state", "", null), 403,
                PeerSecret.WRONG);
    }

    @Test
    void theCredentialNeitherRevealsNorEqualsTheSecret() {
        String credential = PeerSecret.of(SECRET).credential();
        assertThat(credential).isNotEqualTo(SECRET).doesNotContain(SECRET).hasSize(43); // 256 bits, base64url
        assertThat(PeerSecret.of(SECRET).credential()).isEqualTo(credential);
        assertThat(PeerSecret.of(SECRET + "x").credential()).isNotEqualTo(credential);
        assertThatThrownBy(() -> PeerSecret.of("short")).hasMessageContaining("16 characters");
    }
}
