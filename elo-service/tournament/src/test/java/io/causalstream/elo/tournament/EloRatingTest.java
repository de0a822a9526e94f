package io.causalstream.elo.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EloRatingTest {

    private static final double EPS = 1e-9;
    private final EloRating elo = EloRating.PAPER;

    @Test
    void paperHyperparametersAreK32Initial1000() {
        assertThat(elo.k()).isEqualTo(32.0);
        assertThat(elo.initial()).isEqualTo(1000.0);
    }

    @Test
    void equalRatingsExpectHalfAndAWinMovesSixteenPoints() {
        assertThat(elo.expected(1000, 1000)).isEqualTo(0.5);
        // E = 0.5; winner 1000 + 32 * (1 - 0.5) = 1016, loser 1000 + 32 * (0 - 0.5) = 984
        EloRating.Pair after = elo.play(1000, 1000, 1.0);
        assertThat(after.a()).isEqualTo(1016.0);
        assertThat(after.b()).isEqualTo(984.0);
    }

    @Test
    void expectedScoreOfTheWeakerPlayer() {
        // 10^((1016 - 984) / 400) = 10^0.08 = 1.2022644346; E = 1 / 2.2022644346 = 0.4540780772
        assertThat(elo.expected(984, 1016)).isCloseTo(0.4540780772195163, within(EPS));
        assertThat(elo.expected(984, 1016) + elo.expected(1016, 984)).isCloseTo(1.0, within(EPS));
    }

    @Test
    void aGameMovesBothRatingsByTheSameAmount() {
        EloRating.Pair after = elo.play(1230, 1010, 0.0);
        assertThat(after.a() + after.b()).isCloseTo(1230 + 1010, within(EPS));
        assertThat(after.a()).isLessThan(1230);
    }

    @Test
    void kAndInitialAreConfigurable() {
        EloRating k16 = new EloRating(16, 1500);
        EloRating.Pair after = k16.play(1500, 1500, 0.5);
        assertThat(after.a()).isEqualTo(1500.0);
        assertThat(k16.play(1500, 1500, 1.0).a()).isEqualTo(1508.0);
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> new EloRating(0, 1000)).hasMessageContaining("K-factor");
        assertThatThrownBy(() -> new EloRating(Double.NaN, 1000)).hasMessageContaining("K-factor");
        assertThatThrownBy(() -> new EloRating(32, Double.POSITIVE_INFINITY)).hasMessageContaining("initial");
        assertThatThrownBy(() -> elo.play(1000, 1000, 1.5)).hasMessageContaining("score");
    }

    @Test
    void tiePolicyParsesConfigValues() {
        assertThat(TiePolicy.parse("half")).isEqualTo(TiePolicy.HALF);
        assertThat(TiePolicy.parse(" SKIP ")).isEqualTo(TiePolicy.SKIP);
        assertThatThrownBy(() -> TiePolicy.parse("draw")).hasMessageContaining("'half' or 'skip'");
    }
}
