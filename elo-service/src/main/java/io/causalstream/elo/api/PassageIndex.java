package io.causalstream.elo.api;

import io.causalstream.schemas.tournament.Tournament;
import java.util.List;

/** JSON body of {@code GET /api/passages}: every tournament known, one line each, sorted by passageId. */
public record PassageIndex(List<Entry> passages) {

    /** One passage's tournament in brief. */
    public record Entry(String passageId, String leader, long judgmentsApplied, int players, String updatedAt) {

        public static Entry of(Tournament t) {
            return new Entry(t.getPassageId(), t.getLeader(), t.getJudgmentsApplied(), t.getPlayers().size(),
                    t.getUpdatedAt().toString());
        }
    }
}
