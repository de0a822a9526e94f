package io.causalstream.scorer.app;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static io.causalstream.testkit.Samples.extraction;
import static io.causalstream.testkit.Samples.gold;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.runtime.access.AccessTokens;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.curation.CurationApi;
import io.causalstream.scorer.curation.CurationSettings;
import io.causalstream.testkit.InJvmBroker;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two scorer instances on topics of two partitions, so each owns part of the passages: whichever instance a page
 * (or an ingress in front of them) asks answers for the whole application, relaying the owner's answer instead of
 * redirecting the browser to an address it may not reach. A request forwarded between instances
 * ({@code local=true}) is answered only by the owner.
 *
 * <p>The shared test cluster's topics have one partition; this class starts its own broker (in this JVM) and uses
 * the shared schema registry.
 */
@ExtendWith(KafkaTestCluster.class)
class ScorerInstancesIT {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final Triple RAIN_FLOODS = triple("rain", "flooding", INCREASE);
    private static final Triple DAMS_FLOODS = triple("dams", "flooding", DECREASE);

    private static KafkaClusterTestKit broker;

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    static void startBrokerWithTwoPartitions() throws Exception {
        broker = InJvmBroker.withTopics(2);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void eitherInstanceAnswersForEveryPassageAndMap(TestCluster shared, @TempDir Path stateDir) throws Exception {
        TestCluster cluster = shared.onBroker(broker.bootstrapServers());
        String run = UUID.randomUUID().toString().substring(0, 8);
        String appId = "scorer-instances-" + run;
        List<String> passages = passagesOnBothPartitions("si-" + run + "-", 3);
        for (String p : passages) {
            cluster.send(Topics.GOLD_GRAPHS, p, gold(p, "Human1", GoldOrigin.CURATED, RAIN_FLOODS, DAMS_FLOODS));
            cluster.send(Topics.EXTRACTIONS, p, extraction(p, "llama3", RAIN_FLOODS));
            cluster.send(Topics.PASSAGES, p, Passage.newBuilder().setId(p)
                    .setText("Rain increases flooding. Dams reduce flooding.").setPublishedAt(Instant.now()).build());
        }

        // advertised: each instance tells the others where to ask for what it owns
        Map<String, String> advertised = Map.of("http.advertised.host", "127.0.0.1");
        try (ScorerService a = ScorerService.start(cluster.streamsService(appId, stateDir.resolve("a"), advertised));
             ScorerService b = ScorerService.start(cluster.streamsService(appId, stateDir.resolve("b"), advertised))) {
            List<Integer> ports = List.of(a.httpPort(), b.httpPort());
            for (String p : passages) {
                String path = "/api/passages/" + p + "/scores";
                // exactly one instance owns the passage once the group has settled: it alone answers a forwarded
                // request; the other says the passage is not here
                List<Integer> owners = awaitOneOwner(ports, path);
                assertThat(owners).as(p).hasSize(1);
                // either instance answers the page's request, the same answer: the owner's, relayed by the other
                JsonNode viaA = awaitScored(a.httpPort(), path);
                JsonNode viaB = awaitScored(b.httpPort(), path);
                assertThat(viaA.path("passageId").asText()).isEqualTo(p);
                assertThat(viaA.path("annotations").get(0).path("annotatorId").asText()).isEqualTo("llama3");
                assertThat(viaB).isEqualTo(viaA);
            }
            // both instances own passages: each one's answers above include relayed ones
            assertThat(passages.stream().map(p -> owner(ports, "/api/passages/" + p + "/scores")).distinct())
                    .containsExactlyInAnyOrderElementsOf(ports);

            // the collective map "all" lives on one instance; either serves it, its edges and its export
            String map = "/api/maps/all";
            List<Integer> mapOwners = awaitOneOwner(ports, map);
            assertThat(mapOwners).hasSize(1);
            // the map is a stage behind the scores: read it once every passage's validated edge is in it
            JsonNode mapViaA = awaitMapOf(a.httpPort(), map, passages.size());
            JsonNode mapViaB = json.readTree(await(b.httpPort(), map).body());
            assertThat(mapViaB).isEqualTo(mapViaA);
            assertThat(mapViaA.path("edges")).isNotEmpty();
            for (int port : ports) {
                HttpResponse<String> export = get(port, map + "/export?format=graphml");
                assertThat(export.statusCode()).isEqualTo(200);
                assertThat(export.headers().firstValue("Content-Type").orElse("")).startsWith("application/graphml");
                JsonNode list = json.readTree(get(port, "/api/maps").body());
                assertThat(list.path("maps")).anySatisfy(m -> assertThat(m.path("id").asText()).isEqualTo("all"));
            }
        }
    }

    @Test
    void aCuratorSignedOutOnOneInstanceIsSignedOutOnTheOther(TestCluster shared, @TempDir Path stateDir)
            throws Exception {
        TestCluster cluster = shared.onBroker(broker.bootstrapServers());
        String run = UUID.randomUUID().toString().substring(0, 8);
        List<String> passages = passagesOnBothPartitions("so-" + run + "-", 1);
        for (String p : passages) {
            cluster.send(Topics.EXTRACTIONS, p, extraction(p, "llama3", RAIN_FLOODS));
            cluster.send(Topics.PASSAGES, p, Passage.newBuilder().setId(p)
                    .setText("Rain increases flooding.").setPublishedAt(Instant.now()).build());
        }
        Map<String, String> settings = Map.of("http.advertised.host", "127.0.0.1",
                CurationSettings.SESSION_SECRET, "secret-shared-by-both-scorer-instances",
                CurationSettings.CURATORS, AccessTokens.line("Ann", "ann-token-0123456789"));
        String appId = "scorer-sign-out-" + run;
        try (ScorerService a = ScorerService.start(cluster.streamsService(appId, stateDir.resolve("a"), settings));
             ScorerService b = ScorerService.start(cluster.streamsService(appId, stateDir.resolve("b"), settings))) {
            List<Integer> ports = List.of(a.httpPort(), b.httpPort());
            // settled: each instance owns one of the passages, so each knows the other from the group's metadata
            // (until the second has joined the group the first owns both)
            long deadline = System.nanoTime() + WAIT.toNanos();
            List<Integer> owners;
            do {
                owners = passages.stream().map(p -> owner(ports, "/api/passages/" + p + "/scores")).distinct()
                        .toList();
            } while (owners.size() < 2 && System.nanoTime() < deadline && sleep(500));
            assertThat(owners).containsExactlyInAnyOrderElementsOf(ports);
            HttpResponse<String> in = send(a.httpPort(), "POST", "/api/curator/session",
                    "{\"token\":\"ann-token-0123456789\"}", null, null);
            assertThat(in.statusCode()).as(in.body()).isEqualTo(200);
            String cookie = in.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
            String csrf = json.readTree(in.body()).path("csrfToken").asText();
            assertThat(send(b.httpPort(), "GET", "/api/curator/session", null, cookie, null).statusCode())
                    .isEqualTo(200);
            assertThat(send(a.httpPort(), "DELETE", "/api/curator/session", null, cookie, csrf).statusCode())
                    .isEqualTo(204);
            assertThat(send(a.httpPort(), "GET", "/api/curator/session", null, cookie, null).statusCode())
                    .isEqualTo(401);
            assertThat(send(b.httpPort(), "GET", "/api/curator/session", null, cookie, null).statusCode())
                    .isEqualTo(401);
        }
    }

    private static boolean sleep(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** {@code perPartition} ids on each of the two partitions (Kafka's default partitioner: murmur2 of the key). */
    private static List<String> passagesOnBothPartitions(String prefix, int perPartition) {
        List<String> zero = new ArrayList<>();
        List<String> one = new ArrayList<>();
        for (int i = 0; zero.size() < perPartition || one.size() < perPartition; i++) {
            String id = prefix + i;
            int partition = Utils.toPositive(Utils.murmur2(id.getBytes(StandardCharsets.UTF_8))) % 2;
            List<String> side = partition == 0 ? zero : one;
            if (side.size() < perPartition) {
                side.add(id);
            }
        }
        List<String> all = new ArrayList<>(zero);
        all.addAll(one);
        return all;
    }

    /** The ports whose instance answers {@code path?local=true} with 200, once exactly one does. */
    private List<Integer> awaitOneOwner(List<Integer> ports, String path) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        List<Integer> owners;
        do {
            owners = new ArrayList<>();
            for (int port : ports) {
                if (get(port, path + "?local=true").statusCode() == 200) {
                    owners.add(port);
                }
            }
            if (owners.size() == 1) {
                return owners;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        return owners;
    }

    private int owner(List<Integer> ports, String path) {
        try {
            return awaitOneOwner(ports, path).getFirst();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The scores of a passage once its extraction is scored with validated edges. */
    private JsonNode awaitScored(int port, String path) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = get(port, path);
            if (r.statusCode() == 200) {
                last = json.readTree(r.body());
                JsonNode edges = last.path("annotations").path(0).path("edges");
                if (edges.size() == 1 && edges.get(0).path("validation").asText().equals("VALIDATED")) {
                    return last;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no validated scores on port " + port + " for " + path + "; last answer: " + last);
    }

    /** The map at {@code path} once its one edge has the validated support of {@code passages} passages. */
    private JsonNode awaitMapOf(int port, String path, int passages) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = get(port, path);
            if (r.statusCode() == 200) {
                last = json.readTree(r.body());
                JsonNode edge = last.path("edges").path(0);
                boolean validated = edge.path("provenance").size() == passages;
                for (JsonNode p : edge.path("provenance")) {
                    validated &= p.path("validation").asText().equals("VALIDATED");
                }
                if (edge.path("support").path("passages").asInt() == passages && validated) {
                    return last;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("map " + path + " on port " + port + " never held " + passages + " validated "
                + "passages; last answer: " + last);
    }

    private HttpResponse<String> await(int port, String path) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        HttpResponse<String> r;
        do {
            r = get(port, path);
            if (r.statusCode() == 200) {
                return r;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        return r;
    }

    private HttpResponse<String> send(int port, String method, String path, String body, String cookie, String csrf)
            throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            r.header("Content-Type", "application/json");
        }
        if (cookie != null) {
            r.header("Cookie", cookie);
        }
        if (csrf != null) {
            r.header(CurationApi.CSRF_HEADER, csrf);
        }
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(int port, String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
