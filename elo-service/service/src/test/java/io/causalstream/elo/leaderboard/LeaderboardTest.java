package io.causalstream.elo.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LeaderboardTest {

    private static Player player(String id, double elo, int w, int l, int t, Integer btRank) {
        return Player.newBuilder().setAnnotationId(id).setElo(elo).setGames(w + l + t).setWins(w).setLosses(l)
                .setTies(t).setBtRank(btRank).build();
    }

    private static Tournament tournament(String passage, String leader, Player... players) {
        return Tournament.newBuilder().setPassageId(passage).setLeader(leader).setJudgmentsApplied(1)
                .setUpdatedAt(Instant.EPOCH).setPlayers(List.of(players)).build();
    }

    private final Tournament p1 = tournament("p1", "h1-a", player("h1-a", 1016, 1, 0, 0, 1),
            player("m-a", 984, 0, 1, 1, 2), player("r-a", 984, 0, 0, 1, 2));
    private final Tournament p2 = tournament("p2", "m-b", player("m-b", 1030, 2, 0, 0, null),
            player("h1-b", 970, 0, 2, 0, null));
    private final Map<String, String> authors = Map.of("h1-a", "Human1", "h1-b", "Human1", "m-a", "llama3",
            "m-b", "llama3");

    @Test
    void ranksWinRatesAndLeadsByAnnotator() {
        Leaderboard b = new Leaderboard();
        b.add(p1, authors);
        b.add(p2, authors);
        // Human1: ranks 1 (p1) and 2 (p2) -> 1.5; W/L/T 1/2/0 -> 33.3%; leads 1; BT rank only from p1 (1)
        // llama3: ranks 2 (p1, tied with r-a) and 1 (p2) -> 1.5; W/L/T 2/1/1 -> (2 + 0.5) / 4 = 62.5%
        // r-a has no annotator entry: counts as its own, rank 2
        assertThat(b.rows()).extracting(Leaderboard.Row::annotatorId, Leaderboard.Row::meanEloRank,
                        Leaderboard.Row::meanBtRank, Leaderboard.Row::winRate, Leaderboard.Row::leads)
                .containsExactly(tuple("llama3", 1.5, 2.0, 0.625, 1), tuple("Human1", 1.5, 1.0, 1.0 / 3, 1),
                        tuple("r-a", 2.0, 2.0, 0.5, 0));
    }

    @Test
    void sharesOfDisjointPassagesMergeIntoTheWhole() {
        Leaderboard whole = new Leaderboard();
        whole.add(p1, authors);
        whole.add(p2, authors);
        Leaderboard a = new Leaderboard();
        a.add(p1, authors);
        Leaderboard b = new Leaderboard();
        b.add(p2, authors);
        assertThat(Leaderboard.of(a.lines()).merge(Leaderboard.of(b.lines())).rows()).isEqualTo(whole.rows());
    }
}
