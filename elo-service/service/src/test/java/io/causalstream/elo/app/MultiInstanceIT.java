package io.causalstream.elo.app;

import static io.causalstream.elo.app.ItSupport.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.elo.SoftMeasuresData;
import io.causalstream.elo.SoftMeasuresData.PublishedRow;
import io.causalstream.elo.api.PassageIndex;
import io.causalstream.elo.api.RatingsApi;
import io.causalstream.elo.api.RatingsView;
import io.causalstream.elo.leaderboard.Leaderboard;
import io.causalstream.elo.reliability.RaterReliability;
import io.causalstream.elo.reliability.ReliabilityReport;
import io.causalstream.elo.tournament.EloRating;
import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.elo.tournament.TournamentTable;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.testkit.InJvmBroker;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two instances of the service on a broker whose topics have two partitions, so each instance owns part of the
 * passages: every query must give the same answer whichever instance is asked, and the answers must be those of
 * the whole replay (the published tables, computed here in memory for the rest).
 *
 * <p>The shared test cluster's topics have one partition; this class starts its own broker (in this JVM, about
 * two seconds) and uses the shared schema registry.
 */
@ExtendWith(KafkaTestCluster.class)
class MultiInstanceIT {

    private static KafkaClusterTestKit broker;

    @TempDir
    Path stateDir;

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
    void everyInstanceGivesTheWholeApplicationsAnswer(TestCluster cluster) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String prefix = "mi-" + run + "-";
        String raterStudy = "mr-" + run + "-";     // the LLM-only study on passages of their own
        String appId = "elo-multi-" + UUID.randomUUID();
        String bootstrap = broker.bootstrapServers();
        ItSupport.publishPassagesAndAnnotations(bootstrap, cluster.serdes(), prefix);
        List<Judgment> judgments = SoftMeasuresData.judgments("elo", prefix);
        ItSupport.publishJudgments(bootstrap, cluster.serdes(), judgments);
        ItSupport.publishPassagesAndAnnotations(bootstrap, cluster.serdes(), raterStudy);
        List<Judgment> llmOnly = SoftMeasuresData.judgments("rater", raterStudy);
        ItSupport.publishJudgments(bootstrap, cluster.serdes(), llmOnly);

        try (EloService a = EloService.start(config(cluster, appId, "a"));
             EloService b = EloService.start(config(cluster, appId, "b"))) {
            List<PublishedRow> table = SoftMeasuresData.published("final_elo_rankings.csv");
            // both instances own passages once the group settled
            for (EloService s : List.of(a, b)) {
                ItSupport.poll(s.httpPort(), "/api/passages?local=true", PassageIndex.class,
                        i -> i.passages().stream().anyMatch(e -> e.passageId().startsWith(prefix)));
            }
            PassageIndex viaA = ItSupport.poll(a.httpPort(), "/api/passages", PassageIndex.class,
                    i -> mine(i, prefix).size() == 20 && mine(i, prefix).stream()
                            .allMatch(e -> e.judgmentsApplied() == 45));
            PassageIndex viaB = ItSupport.poll(b.httpPort(), "/api/passages", PassageIndex.class,
                    i -> mine(i, prefix).equals(mine(viaA, prefix)));
            assertThat(mine(viaB, prefix)).isEqualTo(mine(viaA, prefix));
            // ?ids= picks passages by key on whichever instance owns them; unknown ids are left out
            List<PassageIndex.Entry> picked = List.of(mine(viaA, prefix).get(3), mine(viaA, prefix).get(17));
            String ids = picked.get(1).passageId() + "," + prefix + "no-such-passage," + picked.get(0).passageId();
            for (EloService s : List.of(a, b)) {
                PassageIndex some = ItSupport.poll(s.httpPort(), "/api/passages?ids=" + ids, PassageIndex.class,
                        i -> true);
                assertThat(some.passages()).isEqualTo(picked);
            }
            for (PublishedRow row : table) {
                String id = SoftMeasuresData.passageId(prefix, row.passage());
                assertThat(mine(viaA, prefix)).filteredOn(e -> e.passageId().equals(id)).singleElement()
                        .extracting(PassageIndex.Entry::leader).isEqualTo(row.winner());
            }

            // each tournament, asked of either instance (one answers from its store, the other forwards):
            // every published cell exactly, and the same Bradley-Terry fit
            for (PublishedRow row : table) {
                String id = SoftMeasuresData.passageId(prefix, row.passage());
                RatingsView fromA = ItSupport.ratings(a.httpPort(), id, ItSupport::fittedToItsCounts);
                RatingsView fromB = ItSupport.ratings(b.httpPort(), id, v -> v.equals(fromA));
                assertThat(fromB).isEqualTo(fromA);
                for (RatingsView.PlayerView p : fromA.players()) {
                    assertThat(Double.doubleToLongBits(p.elo())).as("%s %s", id, p.annotationId())
                            .isEqualTo(Double.doubleToLongBits(row.elo().get(p.annotationId())));
                    assertThat(p.annotator()).isEqualTo(p.annotationId());
                }
                assertThat(fromA.pairs()).hasSize(45);
            }

            // the LLM-only study: 21 judgments on each of its 20 passages; the leaderboard counts its passages too,
            // so it is read once both studies are applied and fitted (read before, it depends on how far that study
            // got)
            PassageIndex raters = ItSupport.poll(a.httpPort(), "/api/passages", PassageIndex.class,
                    i -> mine(i, raterStudy).size() == 20
                            && mine(i, raterStudy).stream().allMatch(e -> e.judgmentsApplied() == 21));
            for (PassageIndex.Entry e : mine(raters, raterStudy)) {
                RatingsView fitted = ItSupport.ratings(a.httpPort(), e.passageId(), ItSupport::fittedToItsCounts);
                ItSupport.ratings(b.httpPort(), e.passageId(), v -> v.equals(fitted));
            }

            // the leaderboard and the reliability are sums over both instances' passages
            String boardA = ItSupport.get(a.httpPort(), "/api/leaderboard").body();
            assertThat(ItSupport.get(b.httpPort(), "/api/leaderboard").body()).isEqualTo(boardA);
            List<Leaderboard.Row> rows = JSON.readValue(boardA, RatingsApi.LeaderboardView.class).annotators();
            Map<String, Leaderboard.Row> expected = expectedLeaderboard(List.of(prefix, raterStudy),
                    concat(judgments, llmOnly));
            assertThat(rows.stream().map(Leaderboard.Row::annotatorId)).containsExactlyInAnyOrderElementsOf(
                    expected.keySet());
            for (Leaderboard.Row r : rows) {
                Leaderboard.Row e = expected.get(r.annotatorId());
                assertThat(r).extracting(Leaderboard.Row::annotations, Leaderboard.Row::meanEloRank,
                                Leaderboard.Row::wins, Leaderboard.Row::losses, Leaderboard.Row::ties,
                                Leaderboard.Row::leads)
                        .containsExactly(e.annotations(), e.meanEloRank(), e.wins(), e.losses(), e.ties(), e.leads());
                assertThat(r.meanBtRank()).isNotNull();
            }

            ReliabilityReport relA = JSON.readValue(ItSupport.get(a.httpPort(), "/api/reliability").body(),
                    ReliabilityReport.class);
            ReliabilityReport relB = JSON.readValue(ItSupport.get(b.httpPort(), "/api/reliability").body(),
                    ReliabilityReport.class);
            RaterReliability inMemory = new RaterReliability();
            for (Judgment j : concat(judgments, llmOnly)) {
                inMemory.add(j.getRaterId(), j.getPassageId(), j.getLeft(), j.getRight(), j.getOutcome());
            }
            assertThat(relA).isEqualTo(inMemory.report()).isEqualTo(relB);
            // the 60 pairs all seven raters judged in the LLM-only study (see RaterReliabilityTest)
            assertThat(relA.overlappingItems()).isEqualTo(60);
            assertThat(relA.agreement()).extracting(ReliabilityReport.Agreement::items)
                    .containsExactly(3L, 16L, 9L, 7L, 25L);

            // the next pair for a rater: the same from either instance, never with the rater's own annotation
            String cookie = signIn(a.httpPort(), "Human3");
            HttpResponse<String> nextA = getWithCookie(a.httpPort(), "/api/rater/next", cookie);
            HttpResponse<String> nextB = getWithCookie(b.httpPort(), "/api/rater/next", cookie);
            assertThat(nextA.statusCode()).as(nextA.body()).isEqualTo(200);
            // the same pair (the tickets may differ in their expiry second; each is good on both instances)
            var withoutTicketA = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(nextA.body());
            var withoutTicketB = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(nextB.body());
            assertThat(withoutTicketA.remove("ticket").asText()).isNotBlank();
            assertThat(withoutTicketB.remove("ticket").asText()).isNotBlank();
            assertThat(withoutTicketB).isEqualTo(withoutTicketA);
            var pair = JSON.readTree(nextA.body());
            assertThat(pair.get("left").get("annotationId").asText()).isNotEqualTo("Human3");
            assertThat(pair.get("right").get("annotationId").asText()).isNotEqualTo("Human3");
            // pairs never judged come first (in the LLM-only study's passages only LLM pairs were judged), all at
            // 1000 (gap 0), then by passage and ids: the first passage of that study, Human1 against Human2
            assertThat(pair.get("pairGames").asInt()).isZero();
            assertThat(pair.get("passageId").asText()).isEqualTo(SoftMeasuresData.passageId(raterStudy, 1));
            assertThat(pair.get("left").get("annotationId").asText()).isEqualTo("Human1");
            assertThat(pair.get("right").get("annotationId").asText()).isEqualTo("Human2");
            assertThat(pair.get("text").asText()).startsWith("It is expected that both ecological");
            // and never Human3's own annotation, even when asked for one passage
            HttpResponse<String> one = getWithCookie(b.httpPort(), "/api/rater/next?passage="
                    + SoftMeasuresData.passageId(prefix, 7), cookie);
            var onePair = JSON.readTree(one.body());
            assertThat(onePair.get("passageId").asText()).isEqualTo(SoftMeasuresData.passageId(prefix, 7));
            assertThat(List.of(onePair.get("left").get("annotationId").asText(),
                    onePair.get("right").get("annotationId").asText())).doesNotContain("Human3");
        }
    }

    private static List<Judgment> concat(List<Judgment> a, List<Judgment> b) {
        List<Judgment> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static List<PassageIndex.Entry> mine(PassageIndex index, String prefix) {
        return index.passages().stream().filter(e -> e.passageId().startsWith(prefix)).toList();
    }

    /** The leaderboard of the replay of the studies, from Elo tables computed in memory (BT ranks aside). */
    private static Map<String, Leaderboard.Row> expectedLeaderboard(List<String> prefixes, List<Judgment> judgments) {
        Map<String, TournamentTable> tables = new TreeMap<>();
        for (Judgment j : judgments) {
            tables.computeIfAbsent(j.getPassageId(), p -> TournamentTable.empty(p, EloRating.PAPER, TiePolicy.SKIP))
                    .apply(j.getLeft(), j.getRight(), j.getOutcome(), j.getTime());
        }
        Map<String, String> authors = new HashMap<>();
        for (String prefix : prefixes) {
            for (Extraction e : SoftMeasuresData.annotations(prefix)) {
                authors.put(e.getAnnotationId(), e.getAnnotator().getId());
            }
        }
        Leaderboard board = new Leaderboard();
        tables.values().forEach(t -> board.add(t.toAvro(), authors));
        Map<String, Leaderboard.Row> out = new HashMap<>();
        board.rows().forEach(r -> out.put(r.annotatorId(), r));
        return out;
    }

    static String signIn(int port, String name) throws Exception {
        HttpResponse<String> r = ItSupport.HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/session"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String setCookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    static HttpResponse<String> getWithCookie(int port, String path, String cookie) throws Exception {
        return ItSupport.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Cookie", cookie).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private io.causalstream.runtime.Config config(TestCluster cluster, String appId, String instance) {
        Map<String, String> m = new HashMap<>();
        m.put("kafka.bootstrap.servers", broker.bootstrapServers());
        m.put("schema.registry.url", cluster.registryUrl());
        m.put("application.id", appId);
        m.put("http.port", "0");
        m.put("http.host", "127.0.0.1");
        m.put("http.advertised.host", "127.0.0.1");
        m.put("state.dir", stateDir.resolve(appId + "-" + instance).toString());
        m.put("elo.ties", "skip");
        m.put("elo.session.secret", "shared-secret-of-both-instances-32+");
        m.put("elo.instances", "2");
        m.put("elo.signin.open", "true"); // demo mode: sign in by name
        m.put("elo.bt.refit.interval.ms", "200");
        m.put("kafka.streams.commit.interval.ms", "100");
        return io.causalstream.runtime.Config.of(m);
    }
}
