package io.causalstream.elo.rater;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.elo.rater.PairChooser.Candidate;
import io.causalstream.elo.reliability.RaterReliability;
import io.causalstream.elo.tournament.PairCounts;
import io.causalstream.schemas.judgment.Outcome;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PairChooserTest {

    private static final Map<String, String> AUTHORS = Map.of("HumanA", "HumanA", "HumanB", "HumanB",
            "llama3", "llama3", "rules-1", "rules");

    @Test
    void neverOffersTheRatersOwnAnnotation() {
        List<Candidate> c = PairChooser.candidates("p", "humana", AUTHORS, new PairCounts(), Map.of(), 1000,
                Set.of());
        assertThat(c).hasSize(3).allSatisfy(x -> {
            assertThat(x.left()).isNotEqualTo("HumanA");
            assertThat(x.right()).isNotEqualTo("HumanA");
        });
    }

    @Test
    void fewestGamesFirstThenClosestRatings() {
        PairCounts counts = new PairCounts();
        counts.add("HumanB", "llama3", Outcome.LEFT);       // B-llama3 played once
        counts.add("HumanB", "rules-1", Outcome.LEFT);      // B-rules played twice
        counts.add("rules-1", "HumanB", Outcome.TIE);
        // llama3-rules never played: first. Then B-llama3 (1 game) before B-rules (2 games).
        Map<String, Double> elo = Map.of("HumanB", 1030.0, "llama3", 984.0, "rules-1", 986.0);
        List<Candidate> c = PairChooser.candidates("p", "HumanA", AUTHORS, counts, elo, 1000, Set.of());
        assertThat(c).extracting(Candidate::pairGames, Candidate::ratingGap)
                .containsExactly(tuple(0, 2.0), tuple(1, 46.0), tuple(2, 44.0));
        // sides alternate with the pair's games: after one game, the pair is shown the other way round
        assertThat(c.get(0)).extracting(Candidate::left, Candidate::right).containsExactly("llama3", "rules-1");
        assertThat(c.get(1)).extracting(Candidate::left, Candidate::right).containsExactly("llama3", "HumanB");
    }

    @Test
    void aPairTheRaterJudgedBeforeIsNotOfferedAgain() {
        Set<String> judged = Set.of(RaterReliability.itemKey("p", "llama3", "rules-1"));
        List<Candidate> c = PairChooser.candidates("p", "HumanA", AUTHORS, new PairCounts(),
                Map.of("HumanB", 1100.0), 1000, judged);
        // equal games (0): closest first -> llama3/rules (gap 0) would win, but this rater judged it already: only
        // the first vote of a rater on a pair counts, so it is not offered again
        assertThat(c).extracting(Candidate::left, Candidate::right).containsExactly(
                tuple("HumanB", "llama3"), tuple("HumanB", "rules-1"));
    }

    @Test
    void nothingToOfferWithOneEligibleAnnotation() {
        assertThat(PairChooser.candidates("p", "HumanA", Map.of("HumanA", "HumanA", "x", "y"), new PairCounts(),
                Map.of(), 1000, Set.of())).isEmpty();
    }
}
