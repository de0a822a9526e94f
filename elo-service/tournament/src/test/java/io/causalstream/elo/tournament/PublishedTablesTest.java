package io.causalstream.elo.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.elo.SoftMeasuresData;
import io.causalstream.elo.SoftMeasuresData.PublishedRow;
import io.causalstream.elo.SoftMeasuresData.RawJudgment;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Replays the released judgments of the soft-measures study as the authors did (files h1, h6, h7, h5, h4, h3, h2,
 * records in file order, ties skipped, K = 32, initial 1000) and compares every cell of the published tables,
 * bit for bit, and every winner.
 */
class PublishedTablesTest {

    @ParameterizedTest(name = "{0} judgments reproduce {1}")
    @CsvSource({"elo, final_elo_rankings.csv, 900, 10", "rater, inter-rater_reliability_elo_rankings.csv, 420, 3"})
    void replayReproducesEveryCellAndWinner(String kind, String table, int judgments, int players) {
        List<RawJudgment> raw = SoftMeasuresData.raw(kind);
        assertThat(raw).hasSize(judgments);
        Map<Integer, TournamentTable> tables = new TreeMap<>();
        for (RawJudgment r : raw) {
            tables.computeIfAbsent(r.passage(), n -> TournamentTable.empty("elo-" + n, EloRating.PAPER,
                    TiePolicy.SKIP)).apply(r.left(), r.right(), r.outcome(), Instant.EPOCH);
        }

        List<PublishedRow> published = SoftMeasuresData.published(table);
        assertThat(published).hasSize(20);
        assertThat(tables).hasSize(20);
        int cells = 0;
        for (PublishedRow row : published) {
            TournamentTable t = tables.get(row.passage());
            assertThat(row.elo()).hasSize(players);
            assertThat(t.standings()).hasSize(players);
            for (Map.Entry<String, Double> cell : row.elo().entrySet()) {
                double ours = t.standing(cell.getKey()).orElseThrow().elo();
                // exact: the same double, not merely close
                assertThat(Double.doubleToLongBits(ours)).as("passage %d, %s: ours %s, published %s",
                        row.passage(), cell.getKey(), ours, cell.getValue())
                        .isEqualTo(Double.doubleToLongBits(cell.getValue()));
                cells++;
            }
            assertThat(t.leader()).as("winner of passage %d", row.passage()).contains(row.winner());
        }
        assertThat(cells).isEqualTo(20 * players);
    }

    @ParameterizedTest
    @CsvSource({"1, Human6", "2, Human2", "11, llama3", "16, Human7"})
    void spotChecksOfThePublishedWinners(int passage, String winner) {
        assertThat(SoftMeasuresData.published("final_elo_rankings.csv").get(passage - 1).winner()).isEqualTo(winner);
    }
}
