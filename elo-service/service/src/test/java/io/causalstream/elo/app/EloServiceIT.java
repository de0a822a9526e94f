package io.causalstream.elo.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.deadletter.DeadLetters;
import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.elo.api.PassageIndex;
import io.causalstream.elo.rater.JudgmentIds;
import io.causalstream.runtime.access.AccessTokens;
import io.causalstream.elo.api.RatingsView;
import io.causalstream.elo.api.RatingsView.PlayerView;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.runtime.Config;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The Elo service end to end: real broker, real registry, Confluent wire format, exactly-once, HTTP. */
@ExtendWith(KafkaTestCluster.class)
class EloServiceIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final double EPS = 1e-9;
    private static final Instant T0 = Instant.parse("2026-03-03T12:00:00Z");
    private static final List<Triple> HUMAN_A_TRIPLES = List.of(triple("rainfall", "flooding", Direction.INCREASE));
    private static final List<Triple> HUMAN_B_TRIPLES = List.of(triple("drainage", "flooding", Direction.DECREASE));

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path stateDir;

    @Test
    void countsJudgmentsExactlyOnceAndServesTheRatings(TestCluster cluster) throws Exception {
        String passage = "elo-it-" + UUID.randomUUID();
        try (EloService service = EloService.start(config(cluster, "elo-it-" + UUID.randomUUID(), "a"))) {
            publishAnnotations(cluster, passage);
            cluster.sendAll(Topics.JUDGMENTS, List.of(
                    // j1: HumanA beats llama3 from 1000 each: HumanA 1016, llama3 984
                    Map.entry(passage, judgment(passage, "j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1)),
                    // j2: HumanB (1000) beats HumanA (1016): E_B = 1 / (1 + 10^(16/400)) = 0.4769904127
                    //   HumanB = 1000 + 32 * 0.5230095873 = 1016.7363067935, HumanA = 999.2636932065
                    Map.entry(passage, judgment(passage, "j2", "HumanC", "HumanB", "HumanA", Outcome.LEFT, 2)),
                    // invalid: HumanA rates their own annotation -> judgments.dlq
                    Map.entry(passage, judgment(passage, "self", "HumanA", "HumanA", "llama3", Outcome.LEFT, 3)),
                    // a retry of j1 (even with another outcome) must not count
                    Map.entry(passage, judgment(passage, "j1", "HumanC", "HumanA", "llama3", Outcome.RIGHT, 4)),
                    // j3: llama3 (984) ties HumanA (999.2636932065): E_llama3 = 0.4780479009
                    //   llama3 = 984 + 32 * 0.0219520991 = 984.7024671725, HumanA = 998.5612260340
                    Map.entry(passage, judgment(passage, "j3", "HumanB", "llama3", "HumanA", Outcome.TIE, 5))));
            byte[] garbage = "not an avro record".getBytes(StandardCharsets.UTF_8);
            cluster.sendRaw(Topics.JUDGMENTS.name(), passage.getBytes(StandardCharsets.UTF_8), garbage);

            // j3 is behind the duplicate on the same partition: once 3 are counted, the duplicate was seen too
            RatingsView view = pollRatings(service.httpPort(), passage, v -> v.judgmentsApplied() >= 3);
            assertThat(view.judgmentsApplied()).isEqualTo(3);
            assertThat(view.passageId()).isEqualTo(passage);
            assertThat(view.leader()).isEqualTo("HumanB");
            assertThat(view.updatedAt()).isEqualTo(T0.plusSeconds(5).toString());
            assertThat(view.players()).extracting(PlayerView::annotationId, PlayerView::games, PlayerView::wins,
                            PlayerView::losses, PlayerView::ties)
                    .containsExactly(tuple("HumanB", 1, 1, 0, 0), tuple("HumanA", 3, 1, 1, 1),
                            tuple("llama3", 2, 0, 1, 1));
            assertThat(view.players().get(0).elo()).isCloseTo(1016.7363067935, within(EPS));
            assertThat(view.players().get(1).elo()).isCloseTo(998.5612260340, within(EPS));
            assertThat(view.players().get(2).elo()).isCloseTo(984.7024671725, within(EPS));

            // dead letters: the self-rating with its reason, and the undecodable record, original bytes kept
            var dead = cluster.readRawUntil(Topics.JUDGMENTS.deadLetterTopic(), TIMEOUT,
                    rs -> ofPassage(rs, passage).size() >= 2);
            List<ConsumerRecord<String, byte[]>> mine = ofPassage(dead, passage);
            assertThat(mine).hasSize(2);
            ConsumerRecord<String, byte[]> self = mine.stream()
                    .filter(r -> InvalidRecordException.class.getName()
                            .equals(DeadLetters.header(r.headers(), DeadLetters.EXCEPTION)))
                    .findFirst().orElseThrow();
            assertThat(DeadLetters.header(self.headers(), DeadLetters.MESSAGE))
                    .isEqualTo("judgment self: rater 'HumanA' is the author of annotation 'HumanA' of passage '"
                            + passage + "'; raters never rate their own annotation");
            assertThat(DeadLetters.header(self.headers(), DeadLetters.TOPIC)).isEqualTo("judgments");
            assertThat(cluster.serdes().valueDeserializer(Topics.JUDGMENTS).deserialize("judgments", self.value())
                    .getJudgmentId()).isEqualTo("self");
            assertThat(mine).filteredOn(r -> r != self).singleElement().satisfies(r -> {
                assertThat(r.value()).isEqualTo(garbage);
                assertThat(DeadLetters.header(r.headers(), DeadLetters.MESSAGE)).isNotBlank();
            });

            // winners: HumanA after j1, HumanB after j2; j3 kept HumanB in the lead
            var winners = cluster.readUntil(Topics.TOURNAMENT_WINNERS, TIMEOUT,
                    rs -> rs.stream().filter(r -> passage.equals(r.key())).count() >= 2);
            List<GoldGraph> golds = winners.stream().filter(r -> passage.equals(r.key()))
                    .map(ConsumerRecord::value).toList();
            assertThat(golds).extracting(GoldGraph::getAnnotationId, GoldGraph::getOrigin, GoldGraph::getTriples)
                    .containsExactly(tuple("HumanA", GoldOrigin.TOURNAMENT, HUMAN_A_TRIPLES),
                            tuple("HumanB", GoldOrigin.TOURNAMENT, HUMAN_B_TRIPLES));

            // ratings topic: one record per counted judgment, then the Bradley-Terry refit(s) of the same count
            var ratings = cluster.readUntil(Topics.RATINGS, TIMEOUT, rs -> rs.stream()
                    .filter(r -> passage.equals(r.key()) && r.value().getPlayers().get(0).getBtScore() != null
                            && r.value().getJudgmentsApplied() == 3).count() >= 1);
            List<Long> counts = ratings.stream().filter(r -> passage.equals(r.key()))
                    .map(r -> r.value().getJudgmentsApplied()).toList();
            assertThat(counts).containsSubsequence(1L, 2L, 3L).isSorted().last().isEqualTo(3L);

            HttpResponse<String> unknown = getAnswer(service.httpPort(), "/api/passages/no-such-passage/ratings");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(unknown.body()).contains("\"error\"").contains("no-such-passage");

            PassageIndex index = json.readValue(getAnswer(service.httpPort(), "/api/passages").body(),
                    PassageIndex.class);
            assertThat(index.passages()).filteredOn(e -> passage.equals(e.passageId())).singleElement()
                    .satisfies(e -> {
                        assertThat(e).extracting(PassageIndex.Entry::leader, PassageIndex.Entry::judgmentsApplied,
                                        PassageIndex.Entry::players, PassageIndex.Entry::updatedAt)
                                .containsExactly("HumanB", 3L, 3, T0.plusSeconds(5).toString());
                        assertThat(e.leaderElo()).isCloseTo(1016.7363067935, within(EPS));
                    });

            HttpResponse<String> health = get(service.httpPort(), "/health");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"status\":\"UP\"").contains("\"streams\":\"RUNNING\"");
            assertThat(get(service.httpPort(), "/health/live").statusCode()).isEqualTo(200);
            assertThat(get(service.httpPort(), "/health/ready").body()).contains("\"broker\":\"UP\"")
                    .contains("\"registry\":\"UP\"");
            String metrics = get(service.httpPort(), "/metrics").body();
            assertThat(metrics).contains("elo_judgments_total{outcome=\"accepted\",reason=\"none\"")
                    .contains("elo_judgments_total{outcome=\"duplicate\",reason=\"none\"")
                    .contains("elo_judgments_total{outcome=\"rejected\",reason=\"own_annotation\"")
                    .contains("elo_judgments_total{outcome=\"rejected\",reason=\"undecodable\"")
                    .contains("elo_judgment_lag_seconds")
                    .contains("elo_judgment_processing_seconds")
                    .contains("elo_bt_refit_seconds")
                    .contains("elo_store_entries{service=\"elo-service\",store=\"tournaments\"}")
                    .contains("elo_tournaments")
                    .contains("kafka_stream");
            assertThat(counter(metrics, "accepted", "none")).isGreaterThanOrEqualTo(3.0);
            assertThat(counter(metrics, "duplicate", "none")).isGreaterThanOrEqualTo(1.0);
            assertThat(counter(metrics, "rejected", "own_annotation")).isGreaterThanOrEqualTo(1.0);
            assertThat(counter(metrics, "rejected", "undecodable")).isGreaterThanOrEqualTo(1.0);
        }
    }

    @Test
    void anyInstanceAnswersByForwardingToTheOwner(TestCluster cluster) throws Exception {
        String passage = "elo-it-routing-" + UUID.randomUUID();
        String appId = "elo-it-routing-" + UUID.randomUUID();
        try (EloService a = EloService.start(config(cluster, appId, "a"));
             EloService b = EloService.start(config(cluster, appId, "b"))) {
            publishAnnotations(cluster, passage);
            cluster.send(Topics.JUDGMENTS, passage,
                    judgment(passage, "r1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1));

            RatingsView viaA = pollRatings(a.httpPort(), passage, v -> v.judgmentsApplied() == 1);
            RatingsView viaB = pollRatings(b.httpPort(), passage, v -> v.judgmentsApplied() == 1);
            assertThat(viaA).isEqualTo(viaB);
            assertThat(viaA.players()).extracting(PlayerView::annotationId, PlayerView::elo)
                    .containsExactly(tuple("HumanA", 1016.0), tuple("llama3", 984.0));

            // one partition, so one owner: it answers locally; asked locally, the other says it does not own it
            // (the group is stable: both answered above, and nothing makes it rebalance again)
            List<HttpResponse<String>> local = new ArrayList<>();
            for (EloService s : List.of(a, b)) {
                local.add(get(s.httpPort(), "/api/passages/" + passage + "/ratings?local=true"));
            }
            assertThat(local).extracting(HttpResponse::statusCode).containsExactlyInAnyOrder(200, 503);
            HttpResponse<String> owner = local.stream().filter(r -> r.statusCode() == 200).findFirst().orElseThrow();
            HttpResponse<String> other = local.stream().filter(r -> r.statusCode() == 503).findFirst().orElseThrow();
            assertThat(json.readValue(owner.body(), RatingsView.class)).isEqualTo(viaA);
            int ownerPort = local.get(0) == owner ? a.httpPort() : b.httpPort();
            assertThat(other.body()).contains("is owned by 127.0.0.1:" + ownerPort + ", not by this instance");

            for (EloService s : List.of(a, b)) {
                HttpResponse<String> r = getAnswer(s.httpPort(), "/api/passages");
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                PassageIndex index = json.readValue(r.body(), PassageIndex.class);
                assertThat(index.passages()).filteredOn(e -> passage.equals(e.passageId())).singleElement()
                        .extracting(PassageIndex.Entry::leader, PassageIndex.Entry::judgmentsApplied)
                        .containsExactly("HumanA", 1L);
            }
        }
    }

    @Test
    void theRaterApiStampsTheSignedInRaterAndCountsOneVoteOfARaterPerPair(TestCluster cluster) throws Exception {
        String passage = "elo-it-rater-" + UUID.randomUUID();
        Map<String, String> more = new HashMap<>();
        more.put("elo.raters", AccessTokens.line("HumanC", "token-of-c") + "," + AccessTokens.line("HumanA",
                "token-of-a"));
        try (EloService service = EloService.start(config(cluster, "elo-it-rater-" + UUID.randomUUID(), "a",
                more))) {
            publishAnnotations(cluster, passage);
            int port = service.httpPort();
            // no session: refused; a name instead of a token: refused (sign-in is not open)
            assertThat(post(port, "/api/judgments", "{}", null, null).statusCode()).isEqualTo(401);
            assertThat(post(port, "/api/session", "{\"name\":\"HumanC\"}", null, null).statusCode()).isEqualTo(401);
            HttpResponse<String> signIn = post(port, "/api/session", "{\"token\":\"token-of-c\"}", null, null);
            assertThat(signIn.statusCode()).isEqualTo(200);
            var session = json.readTree(signIn.body());
            assertThat(session.get("raterId").asText()).isEqualTo("HumanC");
            assertThat(session.get("openSignIn").asBoolean()).isFalse();
            String csrf = session.get("csrfToken").asText();
            String setCookie = signIn.headers().firstValue("Set-Cookie").orElseThrow();
            assertThat(setCookie).contains("HttpOnly").contains("SameSite=Strict");
            String cookie = setCookie.substring(0, setCookie.indexOf(';'));

            // the pair served to HumanC, with its ticket (the stores learn of the annotations asynchronously)
            var pair = servedPair(port, passage, cookie);
            String left = pair.get("left").get("annotationId").asText();
            String right = pair.get("right").get("annotationId").asText();
            String body = "{\"passageId\":\"" + passage + "\",\"left\":\"" + left + "\",\"right\":\"" + right
                    + "\",\"outcome\":\"LEFT\",\"raterId\":\"HumanA\",\"ticket\":\""
                    + pair.get("ticket").asText() + "\"}";
            // without the CSRF token: refused; the body's raterId is ignored: the session says HumanC
            assertThat(post(port, "/api/judgments", body, cookie, null).statusCode()).isEqualTo(403);
            HttpResponse<String> first = post(port, "/api/judgments", body, cookie, csrf);
            assertThat(first.statusCode()).as(first.body()).isEqualTo(202);
            // a second vote on the pair: refused before publishing, the first one counts
            HttpResponse<String> again = post(port, "/api/judgments", body.replace("LEFT", "RIGHT"), cookie, csrf);
            assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
            assertThat(post(port, "/api/judgments", "{\"passageId\":\"x\"}", cookie, csrf).statusCode())
                    .isEqualTo(400);

            RatingsView view = pollRatings(port, passage, v -> v.judgmentsApplied() >= 1);
            // raw: another test of this class puts a record on judgments that is not a Judgment
            var judgments = cluster.readRawUntil(Topics.JUDGMENTS.name(), TIMEOUT,
                    rs -> rs.stream().anyMatch(r -> passage.equals(r.key())));
            var decoder = cluster.serdes().valueDeserializer(Topics.JUDGMENTS);
            assertThat(judgments.stream().filter(r -> passage.equals(r.key()))
                    .map(r -> decoder.deserialize(Topics.JUDGMENTS.name(), r.value())))
                    .singleElement().satisfies(j -> {
                        assertThat(j.getRaterId()).isEqualTo("HumanC");
                        assertThat(j.getJudgmentId()).isEqualTo(JudgmentIds.of("HumanC", passage, left, right));
                    });
            assertThat(view.judgmentsApplied()).isEqualTo(1);
            assertThat(view.players()).extracting(PlayerView::annotationId, PlayerView::elo)
                    .contains(tuple(left, 1016.0), tuple(right, 984.0));

            // the next pair for HumanC is another one: a judged pair is not served again
            var next = servedPair(port, passage, cookie);
            assertThat(next.get("pairGames").asInt()).isZero();
            assertThat(java.util.Set.of(next.get("left").get("annotationId").asText(),
                    next.get("right").get("annotationId").asText())).isNotEqualTo(java.util.Set.of(left, right));
        }
    }

    /** Polls {@code /api/rater/next?passage=} until the passage's pairs are known. */
    private com.fasterxml.jackson.databind.JsonNode servedPair(int port, String passage, String cookie)
            throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        HttpResponse<String> next;
        do {
            next = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/api/rater/next?passage=" + passage)).header("Cookie", cookie).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (next.statusCode() == 200) {
                return json.readTree(next.body());
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("no pair served: " + next.statusCode() + " " + next.body());
    }

    private HttpResponse<String> post(int port, String path, String body, String cookie, String csrf)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        if (csrf != null) {
            b.header("X-CSRF-Token", csrf);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private Config config(TestCluster cluster, String appId, String instance) {
        return config(cluster, appId, instance, Map.of());
    }

    private Config config(TestCluster cluster, String appId, String instance, Map<String, String> more) {
        Map<String, String> m = new HashMap<>();
        m.put("application.id", appId);
        m.put("http.port", "0");
        m.put("http.host", "127.0.0.1");
        m.put("http.advertised.host", "127.0.0.1");
        m.put("state.dir", stateDir.resolve(appId + "-" + instance).toString());
        m.put("kafka.streams.commit.interval.ms", "100");
        m.putAll(more);
        return cluster.config(m);
    }

    private static void publishAnnotations(TestCluster cluster, String passage) {
        cluster.sendAll(Topics.EXTRACTIONS, List.of(
                Map.entry(passage, extraction(passage, "HumanA", AnnotatorKind.HUMAN, HUMAN_A_TRIPLES)),
                Map.entry(passage, extraction(passage, "HumanB", AnnotatorKind.HUMAN, HUMAN_B_TRIPLES)),
                Map.entry(passage, extraction(passage, "llama3", AnnotatorKind.MODEL,
                        List.of(triple("rain", "crops", Direction.DECREASE))))));
    }

    /** Polls the ratings endpoint until it answers 200 with a table that satisfies {@code done}. */
    private RatingsView pollRatings(int port, String passage, Predicate<RatingsView> done) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = get(port, "/api/passages/" + passage + "/ratings");
            last = r.statusCode() + " " + r.body();
            if (r.statusCode() == 200) {
                RatingsView view = json.readValue(r.body(), RatingsView.class);
                if (done.test(view)) {
                    return view;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("ratings of " + passage + " never got there; last answer: " + last);
    }

    /** GET, retried while the service says 503 (its answer while a rebalance moves the stores). */
    private HttpResponse<String> getAnswer(int port, String pathAndQuery) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        HttpResponse<String> r = get(port, pathAndQuery);
        while (r.statusCode() == 503 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            r = get(port, pathAndQuery);
        }
        return r;
    }

    private HttpResponse<String> get(int port, String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<ConsumerRecord<String, byte[]>> ofPassage(List<ConsumerRecord<String, byte[]>> records,
                                                                  String passage) {
        return records.stream().filter(r -> passage.equals(r.key())).toList();
    }

    private static double counter(String scrape, String outcome, String reason) {
        return scrape.lines().filter(l -> l.startsWith("elo_judgments_total{") && l.contains("outcome=\"" + outcome
                        + "\"") && l.contains("reason=\"" + reason + "\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    private static Judgment judgment(String passage, String id, String rater, String left, String right,
                                     Outcome outcome, int secondsAfterT0) {
        return Judgment.newBuilder().setJudgmentId(id).setPassageId(passage).setRaterId(rater).setLeft(left)
                .setRight(right).setOutcome(outcome).setTime(T0.plusSeconds(secondsAfterT0)).build();
    }

    private static Extraction extraction(String passage, String annotator, AnnotatorKind kind, List<Triple> triples) {
        return Extraction.newBuilder().setPassageId(passage).setAnnotationId(annotator)
                .setAnnotator(Annotator.newBuilder().setId(annotator).setKind(kind).build())
                .setTriples(triples).setCreatedAt(T0).build();
    }

    private static Triple triple(String source, String target, Direction direction) {
        return Triple.newBuilder().setSource(source).setTarget(target).setDirection(direction).build();
    }
}
