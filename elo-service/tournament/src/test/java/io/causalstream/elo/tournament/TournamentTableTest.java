package io.causalstream.elo.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TournamentTableTest {

    private static final double EPS = 1e-9;
    private static final Instant T1 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Instant T2 = Instant.parse("2026-03-01T10:05:00Z");
    private static final Instant T3 = Instant.parse("2026-03-01T10:09:00Z");

    private static TournamentTable table(TiePolicy ties) {
        return TournamentTable.empty("p1", EloRating.PAPER, ties);
    }

    /** A beat B once from 1000 each: A 1016, B 984. */
    private static TournamentTable afterFirstGame(TiePolicy ties) {
        TournamentTable t = table(ties);
        t.apply("A", "B", Outcome.LEFT, T1);
        return t;
    }

    @Test
    void emptyTableHasNoLeader() {
        TournamentTable t = table(TiePolicy.HALF);
        assertThat(t.leader()).isEmpty();
        assertThat(t.standings()).isEmpty();
        Tournament avro = t.toAvro();
        assertThat(avro.getLeader()).isNull();
        assertThat(avro.getJudgmentsApplied()).isZero();
    }

    @Test
    void firstWinFrom1000Each() {
        TournamentTable t = afterFirstGame(TiePolicy.HALF);
        assertThat(t.standing("A").orElseThrow()).isEqualTo(new Standing("A", 1016.0, 1, 1, 0, 0));
        assertThat(t.standing("B").orElseThrow()).isEqualTo(new Standing("B", 984.0, 1, 0, 1, 0));
        assertThat(t.leader()).contains("A");
        assertThat(t.judgmentsApplied()).isEqualTo(1);
        assertThat(t.updatedAt()).contains(T1);
    }

    @Test
    void theLoserThenBeatsTheWinner() {
        TournamentTable t = afterFirstGame(TiePolicy.HALF);
        t.apply("A", "B", Outcome.RIGHT, T2);
        // B (984) beats A (1016): E_B = 1 / (1 + 10^((1016 - 984) / 400)) = 1 / (1 + 10^0.08)
        //   = 1 / (1 + 1.2022644346) = 0.4540780772
        // B' = 984 + 32 * (1 - 0.4540780772) = 984 + 17.4695015290 = 1001.4695015290
        // A' = 1016 + 32 * (0 - 0.5459219228) = 1016 - 17.4695015290 = 998.5304984710
        Standing a = t.standing("A").orElseThrow();
        Standing b = t.standing("B").orElseThrow();
        assertThat(b.elo()).isCloseTo(1001.4695015290, within(EPS));
        assertThat(a.elo()).isCloseTo(998.5304984710, within(EPS));
        assertThat(a).extracting(Standing::games, Standing::wins, Standing::losses, Standing::ties)
                .containsExactly(2, 1, 1, 0);
        assertThat(t.leader()).contains("B");
        assertThat(t.judgmentsApplied()).isEqualTo(2);
        assertThat(t.updatedAt()).contains(T2);
    }

    @Test
    void halfTieMovesBothTowardEachOther() {
        TournamentTable t = afterFirstGame(TiePolicy.HALF);
        t.apply("B", "A", Outcome.TIE, T2);
        // E_A = 1 / (1 + 10^((984 - 1016) / 400)) = 0.5459219228
        // A' = 1016 + 32 * (0.5 - 0.5459219228) = 1016 - 1.4695015290 = 1014.5304984710
        // B' = 984 + 32 * (0.5 - 0.4540780772) = 984 + 1.4695015290 = 985.4695015290
        assertThat(t.standing("A").orElseThrow().elo()).isCloseTo(1014.5304984710, within(EPS));
        assertThat(t.standing("B").orElseThrow().elo()).isCloseTo(985.4695015290, within(EPS));
        assertThat(t.standing("A").orElseThrow())
                .extracting(Standing::games, Standing::wins, Standing::losses, Standing::ties)
                .containsExactly(2, 1, 0, 1);
    }

    @Test
    void skippedTieLeavesRatingsButIsRecordedAsATiedGame() {
        TournamentTable t = afterFirstGame(TiePolicy.SKIP);
        t.apply("B", "A", Outcome.TIE, T2);
        assertThat(t.standing("A").orElseThrow()).isEqualTo(new Standing("A", 1016.0, 2, 1, 0, 1));
        assertThat(t.standing("B").orElseThrow()).isEqualTo(new Standing("B", 984.0, 2, 0, 1, 1));
        assertThat(t.judgmentsApplied()).isEqualTo(2);
        assertThat(t.updatedAt()).contains(T2);
    }

    @Test
    void skippedTieOfNewcomersAddsThemAt1000() {
        TournamentTable t = table(TiePolicy.SKIP);
        t.apply("C", "D", Outcome.TIE, T1);
        assertThat(t.standings()).containsExactly(new Standing("C", 1000.0, 1, 0, 0, 1),
                new Standing("D", 1000.0, 1, 0, 0, 1));
    }

    @Test
    void equalRatingsLeaderIsTheSmallerAnnotationId() {
        TournamentTable t = table(TiePolicy.HALF);
        t.apply("zeta", "alpha", Outcome.TIE, T1);
        // E = 0.5 each: a tie leaves both at exactly 1000
        assertThat(t.standing("zeta").orElseThrow().elo()).isEqualTo(1000.0);
        assertThat(t.leader()).contains("alpha");
        assertThat(t.toAvro().getPlayers()).extracting(Player::getAnnotationId).containsExactly("alpha", "zeta");
    }

    @Test
    void aFallingLeaderCanHandTheLeadToAThirdPlayer() {
        TournamentTable t = afterFirstGame(TiePolicy.HALF);      // A 1016, B 984
        t.apply("C", "B", Outcome.LEFT, T2);                     // C beats B: C above 1000, B lower
        // C (1000) beats B (984): E_C = 1 / (1 + 10^(-16/400)) = 0.5230095873; C = 1000 + 32 * 0.4769904127 = 1015.2637
        assertThat(t.standing("C").orElseThrow().elo()).isCloseTo(1015.263693206478, within(EPS));
        assertThat(t.leader()).contains("A");
        t.apply("A", "B", Outcome.RIGHT, T3);                    // A loses to B and falls below C
        assertThat(t.standing("A").orElseThrow().elo()).isLessThan(1015.263693206478);
        assertThat(t.leader()).contains("C");
    }

    @Test
    void avroRecordListsPlayersBestFirstAndRoundTrips() {
        TournamentTable t = afterFirstGame(TiePolicy.HALF);
        t.apply("C", "A", Outcome.LEFT, T2);
        Tournament avro = t.toAvro();
        assertThat(avro.getPassageId()).isEqualTo("p1");
        assertThat(avro.getPlayers()).extracting(Player::getElo).isSortedAccordingTo((x, y) -> Double.compare(y, x));
        assertThat(avro.getLeader()).isEqualTo(avro.getPlayers().get(0).getAnnotationId());
        assertThat(avro.getJudgmentsApplied()).isEqualTo(2);
        assertThat(avro.getUpdatedAt()).isEqualTo(T2);
        assertThat(avro.getPlayers().get(0).getBtScore()).isNull();

        TournamentTable back = TournamentTable.fromAvro(avro, EloRating.PAPER, TiePolicy.HALF);
        assertThat(back.standings()).isEqualTo(t.standings());
        assertThat(back.toAvro()).isEqualTo(avro);
    }

    @Test
    void rejectsAGameAgainstItselfOrWithoutIds() {
        TournamentTable t = table(TiePolicy.HALF);
        assertThatThrownBy(() -> t.apply("A", "A", Outcome.LEFT, T1)).hasMessageContaining("itself");
        assertThatThrownBy(() -> t.apply(" ", "A", Outcome.LEFT, T1)).hasMessageContaining("two annotationIds");
        assertThat(t.judgmentsApplied()).isZero();
    }

    @Test
    void standingsKeepGamesEqualToWinsLossesTies() {
        assertThatThrownBy(() -> new Standing("A", 1000, 2, 1, 0, 0)).hasMessageContaining("games");
    }
}
