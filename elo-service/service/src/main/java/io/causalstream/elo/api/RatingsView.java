package io.causalstream.elo.api;

import io.causalstream.elo.api.StoreQueries.PassageData;
import io.causalstream.elo.tournament.PairCount;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON body of {@code GET /api/passages/{id}/ratings}: one passage's tournament, best Elo first, with each player's
 * record (W/L/T), its Bradley-Terry score, interval and rank (null until the first refit), and the games played
 * between each pair.
 */
public record RatingsView(String passageId, String leader, long judgmentsApplied, String updatedAt,
                          List<PlayerView> players, List<PairCount> pairs) {

    /** One player (annotation) of the table; {@code annotator} is who or what wrote it. */
    public record PlayerView(String annotationId, String annotator, double elo, int games, int wins, int losses,
                             int ties, Double btScore, Double btCiLow, Double btCiHigh, Integer btRank) {
    }

    /** The table alone (no annotators, no pairs). */
    public static RatingsView of(Tournament t) {
        return of(t, Map.of(), List.of());
    }

    public static RatingsView of(PassageData d) {
        Map<String, String> annotators = new HashMap<>();
        for (Extraction e : d.annotations()) {
            annotators.put(e.getAnnotationId(), e.getAnnotator().getId());
        }
        return of(d.tournament(), annotators, d.pairs());
    }

    private static RatingsView of(Tournament t, Map<String, String> annotators, List<PairCount> pairs) {
        List<PlayerView> players = t.getPlayers().stream().map(p -> player(p, annotators.get(p.getAnnotationId())))
                .toList();
        return new RatingsView(t.getPassageId(), t.getLeader(), t.getJudgmentsApplied(),
                t.getUpdatedAt().toString(), players, pairs);
    }

    private static PlayerView player(Player p, String annotator) {
        return new PlayerView(p.getAnnotationId(), annotator, p.getElo(), p.getGames(), p.getWins(), p.getLosses(),
                p.getTies(), p.getBtScore(), p.getBtCiLow(), p.getBtCiHigh(), p.getBtRank());
    }
}
