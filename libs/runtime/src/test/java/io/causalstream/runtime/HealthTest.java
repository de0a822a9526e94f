package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HealthTest {

    private final AtomicBoolean brokerUp = new AtomicBoolean(true);
    private final AtomicBoolean registryUp = new AtomicBoolean(true);
    private final AtomicBoolean streamsRunning = new AtomicBoolean(true);
    private final AtomicBoolean processAlive = new AtomicBoolean(true);
    private final Readiness readiness = new Readiness(brokerUp::get, registryUp::get);
    private final OpsServer ops = new OpsServer("test-service",
            () -> new OpsServer.Health(processAlive.get(), Map.of()),
            () -> readiness.check(streamsRunning.get(), Map.of("streams", streamsRunning.get() ? "RUNNING" : "REBALANCING")))
            .start("127.0.0.1", 0);
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        ops.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ops.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void readyOnlyWhileBrokerRegistryAndStreamsAreUp() throws Exception {
        assertThat(get("/health/ready").statusCode()).isEqualTo(200);
        assertThat(get("/health").statusCode()).isEqualTo(200);

        brokerUp.set(false);
        HttpResponse<String> r = get("/health/ready");
        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(r.body()).contains("\"broker\":\"DOWN\"").contains("\"registry\":\"UP\"");
        assertThat(get("/health").statusCode()).isEqualTo(503);
        assertThat(get("/health/live").statusCode()).isEqualTo(200); // a broker outage is no reason to restart

        brokerUp.set(true);
        registryUp.set(false);
        assertThat(get("/health/ready").body()).contains("\"registry\":\"DOWN\"");
        assertThat(get("/health/ready").statusCode()).isEqualTo(503);

        registryUp.set(true);
        streamsRunning.set(false);
        assertThat(get("/health/ready").statusCode()).isEqualTo(503);
        streamsRunning.set(true);
        assertThat(get("/health/ready").statusCode()).isEqualTo(200);
    }

    @Test
    void liveFollowsTheProcess() throws Exception {
        processAlive.set(false);
        assertThat(get("/health/live").statusCode()).isEqualTo(503);
        assertThat(get("/health/live").body()).contains("\"status\":\"DOWN\"");
    }

    @Test
    void probeAnswersAreCachedForTheirTtl() {
        AtomicInteger calls = new AtomicInteger();
        AtomicLong now = new AtomicLong();
        Probe cached = Probe.cached(() -> calls.incrementAndGet() % 2 == 1, Duration.ofSeconds(5), now::get);
        assertThat(cached.ok()).isTrue();
        now.addAndGet(Duration.ofSeconds(4).toNanos());
        assertThat(cached.ok()).isTrue();
        assertThat(calls).hasValue(1);
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(cached.ok()).isFalse();
        assertThat(calls).hasValue(2);
    }

    @Test
    void realProbesAgainstNothingListeningAreNotReady() {
        // ports nobody listens on: the broker and registry checks fail within their timeout instead of hanging
        CommonSettings s = CommonSettings.from(Config.of(Map.of("kafka.bootstrap.servers", "127.0.0.1:1",
                "schema.registry.url", "http://127.0.0.1:1")), "probe-test", 0);
        try (Readiness real = Readiness.of(s)) {
            long t0 = System.nanoTime();
            OpsServer.Health h = real.check(true, Map.of());
            assertThat(h.up()).isFalse();
            assertThat(h.details()).containsEntry("broker", "DOWN").containsEntry("registry", "DOWN");
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
        }
    }
}
