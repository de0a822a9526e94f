package io.causalstream.elo.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.elo.SoftMeasuresData;
import io.causalstream.schemas.judgment.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BradleyTerryTest {

    /** A ridge so small it only removes the shift invariance: the fit is the plain maximum likelihood. */
    private static final BtSettings ML = new BtSettings(1e-12, 0, 0.95, 1000);

    @Test
    void twoPlayersThreeWinsToOne() {
        // MLE: theta_A - theta_B = ln(3/1); on the Elo scale 400 * log10(3) = 190.8485; centred on 1000
        List<BtRating> r = new BradleyTerry(ML).fit("p", List.of(new PairCount("A", "B", 3, 1, 0)));
        assertThat(r).extracting(BtRating::annotationId).containsExactly("A", "B");
        assertThat(r.get(0).score()).isCloseTo(1000 + 95.42425094393249, within(1e-6));
        assertThat(r.get(1).score()).isCloseTo(1000 - 95.42425094393249, within(1e-6));
        // no bootstrap: the interval is the point, and distinct points give distinct ranks
        assertThat(r.get(0).ciLow()).isEqualTo(r.get(0).score());
        assertThat(r).extracting(BtRating::rank).containsExactly(1, 2);
    }

    @Test
    void aTieIsHalfAWinAndHalfALoss() {
        // A: 1 win + 2 ties = 2 "wins", B: 0 wins + 2 ties = 1 "win": theta_A - theta_B = ln 2 = 400 log10(2) points
        List<BtRating> r = new BradleyTerry(ML).fit("p", List.of(new PairCount("A", "B", 1, 0, 2)));
        assertThat(r.get(0).score() - r.get(1).score()).isCloseTo(120.41199826559248, within(1e-6));
    }

    @Test
    void theRidgeKeepsAnUndefeatedPlayerFinite() {
        // A beats B 5 times. By symmetry theta_A = t = -theta_B, and the gradient 5 (s(2t) - 1) + 2 * 0.01 t = 0
        // gives t = 2.3325602062 (solved with scipy's brentq): scores 1000 +- 400 / ln 10 * t
        BtSettings ridge = new BtSettings(0.01, 0, 0.95, 1000);
        List<BtRating> r = new BradleyTerry(ridge).fit("p", List.of(new PairCount("A", "B", 5, 0, 0)));
        assertThat(r.get(0).score()).isCloseTo(1405.20721050439, within(1e-8));
        assertThat(r.get(1).score()).isCloseTo(594.7927894956099, within(1e-8));
    }

    @Test
    void scoresAverageTheCenterBecauseTheRidgeCentresThem() {
        List<BtRating> r = new BradleyTerry(BtSettings.DEFAULT).fit("p", List.of(new PairCount("A", "B", 4, 1, 1),
                new PairCount("B", "C", 2, 2, 0), new PairCount("A", "C", 3, 0, 0)));
        assertThat(r.stream().mapToDouble(BtRating::score).average().orElseThrow()).isCloseTo(1000, within(1e-9));
        assertThat(r).extracting(BtRating::annotationId).containsExactly("A", "B", "C");
    }

    @Test
    void bootstrapIntervalsContainThePointAndRepeatExactly() {
        List<PairCount> rows = List.of(new PairCount("A", "B", 6, 3, 1), new PairCount("B", "C", 5, 4, 2),
                new PairCount("A", "C", 7, 2, 0));
        BradleyTerry bt = new BradleyTerry(new BtSettings(0.01, 200, 0.95, 1000));
        List<BtRating> first = bt.fit("p", rows);
        for (BtRating b : first) {
            assertThat(b.ciLow()).isLessThan(b.score());
            assertThat(b.ciHigh()).isGreaterThan(b.score());
        }
        // the same counts give the same numbers, bit for bit (seeded from passage and counts)
        assertThat(bt.fit("p", rows)).isEqualTo(first);
        // another passage with the same counts draws other samples
        assertThat(bt.fit("q", rows)).isNotEqualTo(first);
    }

    @Test
    void rankCountsThePlayersWhoseLowerBoundExceedsTheUpperBound() {
        // crushing results: intervals separate, so ranks are 1, 2, 3
        BradleyTerry bt = new BradleyTerry(new BtSettings(0.01, 100, 0.95, 1000));
        List<BtRating> clear = bt.fit("p", List.of(new PairCount("A", "B", 60, 0, 0),
                new PairCount("B", "C", 60, 0, 0), new PairCount("A", "C", 60, 0, 0)));
        assertThat(clear).extracting(BtRating::annotationId).containsExactly("A", "B", "C");
        assertThat(clear).extracting(BtRating::rank).containsExactly(1, 2, 3);
        // nothing but ties: every interval overlaps every other, all share rank 1
        List<BtRating> even = bt.fit("p", List.of(new PairCount("A", "B", 0, 0, 5), new PairCount("B", "C", 0, 0, 5)));
        assertThat(even).extracting(BtRating::rank).containsExactly(1, 1, 1);
    }

    /**
     * Passages 1 and 11 of the released study (45 judgments each, ridge 0.01, no bootstrap) against an independent
     * fit: scipy.optimize.minimize (trust-exact with the analytic Hessian, gradient below 1e-9) of the same
     * penalised likelihood, run once by hand.
     */
    @ParameterizedTest
    @CsvSource({
        "1, Human6, 1314.1823900501638", "1, llama3, 1314.1823900501638", "1, Human3, 1259.5818304312604",
        "1, Human1, 1154.5010495053173", "1, Human7, 917.0498126388933", "1, Human4, 601.7652695355788",
        "1, llama2, 512.4135420626039",
        "11, llama3, 1070.4846150139376", "11, Human2, 1034.8579393804612", "11, Human5, 999.9285780335716",
        "11, mistral, 965.0034430311059"})
    void matchesAnIndependentScipyFitOnTheStudyData(int passage, String player, double scipy) {
        PairCounts counts = new PairCounts();
        for (SoftMeasuresData.RawJudgment j : SoftMeasuresData.raw("elo")) {
            if (j.passage() == passage) {
                counts.add(j.left(), j.right(), j.outcome());
            }
        }
        assertThat(counts.total()).isEqualTo(45);
        List<BtRating> fit = new BradleyTerry(new BtSettings(0.01, 0, 0.95, 1000)).fit("elo-" + passage,
                counts.rows());
        assertThat(fit).filteredOn(b -> b.annotationId().equals(player)).singleElement()
                .extracting(BtRating::score).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.DOUBLE)
                .isCloseTo(scipy, within(1e-6));
    }

    @Test
    void quantileInterpolatesLikeNumpy() {
        double[] x = {1, 2, 3, 4};
        // numpy.quantile([1, 2, 3, 4], 0.25) = 1.75; 0.975 -> 3.925
        assertThat(BradleyTerry.quantile(x, 0.25)).isCloseTo(1.75, within(1e-12));
        assertThat(BradleyTerry.quantile(x, 0.975)).isCloseTo(3.925, within(1e-12));
    }

    @Test
    void pairCountsKeepOneOrientation() {
        PairCounts c = new PairCounts();
        c.add("B", "A", Outcome.LEFT);   // B wins, shown left
        c.add("A", "B", Outcome.RIGHT);  // B wins, shown right
        c.add("A", "B", Outcome.TIE);
        c.add("C", "A", Outcome.RIGHT);  // A wins
        assertThat(c.rows()).containsExactly(new PairCount("A", "B", 0, 2, 1), new PairCount("A", "C", 1, 0, 0));
        assertThat(c.games("B", "A")).isEqualTo(3);
        assertThat(c.games("B", "C")).isZero();
        assertThat(c.total()).isEqualTo(4);
        assertThat(PairCounts.of(c.rows()).rows()).isEqualTo(c.rows());
        assertThatThrownBy(() -> new PairCount("B", "A", 0, 0, 0)).hasMessageContaining("a < b");
    }

    @Test
    void rejectsBadSettings() {
        assertThatThrownBy(() -> new BtSettings(0, 10, 0.95, 1000)).hasMessageContaining("ridge");
        assertThatThrownBy(() -> new BtSettings(0.01, -1, 0.95, 1000)).hasMessageContaining("rounds");
        assertThatThrownBy(() -> new BtSettings(0.01, 10, 1.0, 1000)).hasMessageContaining("confidence");
    }
}
