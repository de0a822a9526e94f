package io.causalstream.elo.api;

import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import java.util.List;

/** JSON body of {@code GET /api/passages}: every tournament known, one line each, sorted by passageId. */
public record PassageIndex(List<Entry> passages) {

    /** One passage's tournament in brief. */
    public record Entry(String passageId, String leader, long judgmentsApplied, int players, String updatedAt,
                        Double leaderElo) {

        public static Entry of(Tournament t) {
            Double leaderElo = t.getPlayers().stream().filter(p -> p.getAnnotationId().equals(t.getLeader()))
                    .map(Player::getElo).findFirst().orElse(null);
            return new Entry(t.getPassageId(), t.getLeader(), t.getJudgmentsApplied(), t.getPlayers().size(),
                    t.getUpdatedAt().toString(), leaderElo);
        }
    }
}
