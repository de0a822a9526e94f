package io.causalstream.elo.api;

import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import java.util.List;

/** JSON body of {@code GET /api/passages/{id}/ratings}: one passage's tournament table, best player first. */
public record RatingsView(String passageId, String leader, long judgmentsApplied, String updatedAt,
                          List<PlayerView> players) {

    /** One player (annotation) of the table. */
    public record PlayerView(String annotationId, double elo, int games, int wins, int losses, int ties) {
    }

    public static RatingsView of(Tournament t) {
        List<PlayerView> players = t.getPlayers().stream().map(RatingsView::player).toList();
        return new RatingsView(t.getPassageId(), t.getLeader(), t.getJudgmentsApplied(),
                t.getUpdatedAt().toString(), players);
    }

    private static PlayerView player(Player p) {
        return new PlayerView(p.getAnnotationId(), p.getElo(), p.getGames(), p.getWins(), p.getLosses(),
                p.getTies());
    }
}
