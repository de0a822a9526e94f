package io.causalstream.research.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.measures.RawEdge;
import io.causalstream.research.study.ReleasedJudgments.Judgment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Small tournaments built by hand, replayed through the elo-service's tournament code, whose Spearman correlations
 * with a measure are known: the leader's annotation is the gold and leaves the correlation, the others are ranked.
 * The measure here is the number of edges of an annotation, so its ranking is set by construction.
 */
class HandBuiltTournamentsTest {

    private static final List<String> PLAYERS = List.of("A", "B", "C", "D");

    private static Judgment win(int passage, String winner, String loser) {
        return new Judgment(1, winner + loser, winner, loser, passage, winner);
    }

    private static Judgment tie(int passage, String left, String right) {
        return new Judgment(1, left + right, left, right, passage, "Tie");
    }

    /** Annotation of {@code player} in each passage: {@code edges[passage][player]} edges. */
    private static SoftMeasuresData data(int[][] edges) {
        return data(PLAYERS, edges);
    }

    private static SoftMeasuresData data(List<String> players, int[][] edges) {
        Map<String, List<Annotation>> annotations = new LinkedHashMap<>();
        for (int i = 0; i < players.size(); i++) {
            List<Annotation> list = new ArrayList<>();
            for (int[] passage : edges) {
                List<RawEdge> e = new ArrayList<>();
                for (int k = 0; k < passage[i]; k++) {
                    e.add(new RawEdge("s" + k, "t" + k, "increase"));
                }
                list.add(new Annotation(players.get(i), "passage", e));
            }
            annotations.put(players.get(i), list);
        }
        List<EloRankings.Row> rows = new ArrayList<>();
        for (int p = 0; p < edges.length; p++) {
            rows.add(new EloRankings.Row("passage", new double[players.size()], players.get(0)));
        }
        return SoftMeasuresData.of(annotations, new EloRankings(players, rows));
    }

    private static final StudyMeasure EDGE_COUNT = new StudyMeasure("edges", (gold, a) -> a.size());
    private static final StudyMeasure CONSTANT = new StudyMeasure("constant", (gold, a) -> 0.5);

    @ParameterizedTest
    @EnumSource(TiePolicy.class)
    void fullOrderAgreeingDisagreeingAndConstant(TiePolicy ties) {
        // passage 1: A > B > C > D, every pair played once, no ties
        List<Judgment> j = List.of(win(1, "A", "B"), win(1, "A", "C"), win(1, "A", "D"), win(1, "B", "C"),
                win(1, "B", "D"), win(1, "C", "D"));
        HumanRanking elo = JudgmentReplay.ranking("elo", JudgmentReplay.eloRatings(j, ties));
        assertThat(elo.leader(0)).isEqualTo("A");
        // B 3 edges, C 2, D 1: the same order as the people's -> +1
        assertThat(new EloStudy(data(new int[][] {{5, 3, 2, 1}}), elo).perPassage(EDGE_COUNT)).containsExactly(1.0);
        // reversed -> -1
        assertThat(new EloStudy(data(new int[][] {{5, 1, 2, 3}}), elo).perPassage(EDGE_COUNT)).containsExactly(-1.0);
        // a constant measure ranks nothing: NaN, counted as 0 (the notebook's rule)
        assertThat(new EloStudy(data(new int[][] {{5, 1, 2, 3}}), elo).perPassage(CONSTANT)).containsExactly(0.0);
        // Bradley-Terry ranks the same way
        HumanRanking bt = JudgmentReplay.ranking("bt", JudgmentReplay.btRatings(j, ties));
        assertThat(bt.leader(0)).isEqualTo("A");
        assertThat(new EloStudy(data(new int[][] {{5, 3, 2, 1}}), bt).perPassage(EDGE_COUNT)).containsExactly(1.0);
    }

    @ParameterizedTest
    @EnumSource(TiePolicy.class)
    void tiedPeopleGetAverageRanks(TiePolicy ties) {
        // A beats B; C and D only tie, at equal ratings, so both stay at 1000 under either tie rule
        List<Judgment> j = List.of(win(1, "A", "B"), tie(1, "C", "D"));
        HumanRanking elo = JudgmentReplay.ranking("elo", JudgmentReplay.eloRatings(j, ties));
        assertThat(elo.score(0, "C")).isEqualTo(1000.0).isEqualTo(elo.score(0, "D"));
        assertThat(elo.leader(0)).isEqualTo("A");
        // people: B < C = D (ranks 1, 2.5, 2.5); measure: B 1, C 2, D 3 edges (ranks 1, 2, 3): rho = sqrt(3) / 2
        double[] rho = new EloStudy(data(new int[][] {{4, 1, 2, 3}}), elo).perPassage(EDGE_COUNT);
        assertThat(rho[0]).isCloseTo(Math.sqrt(3) / 2, within(1e-15));
    }

    @ParameterizedTest
    @EnumSource(TiePolicy.class)
    void twoPlayers(TiePolicy ties) {
        // only A and B: B wins, B's annotation is the gold, one annotation is left: no ranking, 0 (notebook's rule)
        List<Judgment> two = List.of(win(1, "B", "A"));
        HumanRanking elo = JudgmentReplay.ranking("elo", JudgmentReplay.eloRatings(two, ties));
        assertThat(elo.leader(0)).isEqualTo("B");
        assertThat(new EloStudy(data(List.of("A", "B"), new int[][] {{1, 2}}), elo).perPassage(EDGE_COUNT))
                .containsExactly(0.0);
        // three players, the leader out: two ranked annotations, so rho is +1 or -1
        List<Judgment> three = List.of(win(1, "C", "A"), win(1, "C", "B"), win(1, "A", "B"));
        HumanRanking elo3 = JudgmentReplay.ranking("elo", JudgmentReplay.eloRatings(three, ties));
        assertThat(elo3.leader(0)).isEqualTo("C");
        assertThat(new EloStudy(data(List.of("A", "B", "C"), new int[][] {{2, 1, 5}}), elo3).perPassage(EDGE_COUNT)[0])
                .isCloseTo(1.0, within(1e-15));
        assertThat(new EloStudy(data(List.of("A", "B", "C"), new int[][] {{1, 2, 5}}), elo3).perPassage(EDGE_COUNT)[0])
                .isCloseTo(-1.0, within(1e-15));
    }
}
