package io.causalstream.elo.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.runtime.web.Peers;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RatingsApiTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private Javalin app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        http.close();
    }

    @Test
    void answers503WithAJsonErrorWhileStreamsIsNotCreatedYet() throws Exception {
        app = Javalin.create(cfg -> cfg.showJavalinBanner = false);
        new RatingsApi(() -> null, new Peers(http)).register(app);
        app.start("127.0.0.1", 0);

        for (String path : List.of("/api/passages/p1/ratings", "/api/passages", "/api/leaderboard",
                "/api/reliability")) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + app.port() + path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(r.body()).isEqualTo("{\"error\":\"the Elo service is starting; retry shortly\"}");
        }
    }

    @Test
    void ratingsJsonHasTheDocumentedShape() throws Exception {
        Tournament t = Tournament.newBuilder().setPassageId("p1").setLeader("HumanB").setJudgmentsApplied(2)
                .setUpdatedAt(Instant.parse("2026-03-01T10:05:00Z"))
                .setPlayers(List.of(
                        Player.newBuilder().setAnnotationId("HumanB").setElo(1016.0).setGames(1).setWins(1)
                                .setLosses(0).setTies(0).build(),
                        Player.newBuilder().setAnnotationId("llama3").setElo(984.0).setGames(2).setWins(0)
                                .setLosses(1).setTies(1).setBtScore(950.5).setBtCiLow(900.25).setBtCiHigh(1001.0)
                                .setBtRank(1).build()))
                .build();
        assertThat(new ObjectMapper().writeValueAsString(RatingsView.of(t))).isEqualTo("{\"passageId\":\"p1\","
                + "\"leader\":\"HumanB\",\"judgmentsApplied\":2,\"updatedAt\":\"2026-03-01T10:05:00Z\",\"players\":["
                + "{\"annotationId\":\"HumanB\",\"annotator\":null,\"elo\":1016.0,\"games\":1,\"wins\":1,"
                + "\"losses\":0,\"ties\":0,\"btScore\":null,\"btCiLow\":null,\"btCiHigh\":null,\"btRank\":null},"
                + "{\"annotationId\":\"llama3\",\"annotator\":null,\"elo\":984.0,\"games\":2,\"wins\":0,"
                + "\"losses\":1,\"ties\":1,\"btScore\":950.5,\"btCiLow\":900.25,\"btCiHigh\":1001.0,\"btRank\":1}],"
                + "\"pairs\":[]}");
        assertThat(new ObjectMapper().writeValueAsString(PassageIndex.Entry.of(t))).isEqualTo("{\"passageId\":"
                + "\"p1\",\"leader\":\"HumanB\",\"judgmentsApplied\":2,\"players\":2,"
                + "\"updatedAt\":\"2026-03-01T10:05:00Z\",\"leaderElo\":1016.0}");
    }
}
