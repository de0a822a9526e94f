package io.causalstream.research.study;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.testkit.TestResources;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code elo replay} on the released judgments (copies in src/test/resources/soft-measures): the authors' order
 * with ties skipped reproduces every cell of final_elo_rankings.csv bit for bit, as elo-service's
 * PublishedTablesTest does for the stream; other orders move ratings; Bradley-Terry does not depend on order.
 */
class EloReplayTest {

    private static final Path DATA = TestResources.path("soft-measures");

    private static Map<String, Map<String, Double>> replay(String... args) throws Exception {
        CommandLine cli = new CommandLine(new EloCommand());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 3];
        all[0] = "replay";
        all[1] = "--data";
        all[2] = DATA.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        int exit = cli.execute(all);
        assertThat(exit).as(err.toString()).isZero();
        return new ObjectMapper().readValue(out.toString(), new TypeReference<>() { });
    }

    @Test
    void authorsOrderReproducesThePublishedTableBitForBit() throws Exception {
        Map<String, Map<String, Double>> ours = replay("--order", "h1,h6,h7,h5,h4,h3,h2", "--ties", "skip");
        EloRankings published = EloRankings.read(DATA.resolve("elo_comparison/final_elo_rankings.csv"));
        assertThat(ours).hasSize(20);
        int cells = 0;
        for (int p = 0; p < 20; p++) {
            Map<String, Double> row = ours.get(Integer.toString(p + 1));
            assertThat(row).hasSize(published.annotators().size());
            for (String a : published.annotators()) {
                assertThat(Double.doubleToLongBits(row.get(a))).as("passage %d %s", p + 1, a)
                        .isEqualTo(Double.doubleToLongBits(published.elo(p, a)));
                cells++;
            }
            // the JSON lists players best first: its first key is the published winner
            assertThat(row.keySet().iterator().next()).isEqualTo(published.winner(p));
        }
        assertThat(cells).isEqualTo(200);
    }

    @Test
    void theStudysEloSkipRankingIsThePublishedOne() throws Exception {
        var judgments = ReleasedJudgments.read(DATA, ReleasedJudgments.AUTHORS_ORDER);
        HumanRanking replayed = StudyCommand.ranking("elo-skip", judgments);
        EloRankings published = EloRankings.read(DATA.resolve("elo_comparison/final_elo_rankings.csv"));
        for (int p = 0; p < 20; p++) {
            assertThat(replayed.winner(p)).isEqualTo(published.winner(p));
            assertThat(replayed.leader(p)).isEqualTo(published.leader(p));
            for (String a : published.annotators()) {
                assertThat(replayed.score(p, a)).isEqualTo(published.elo(p, a));
            }
        }
    }

    @Test
    void anotherOrderMovesEloButNotBradleyTerry() throws Exception {
        Map<String, Map<String, Double>> authors = replay("--order", "h1,h6,h7,h5,h4,h3,h2");
        Map<String, Map<String, Double>> reversed = replay("--order", "h2,h3,h4,h5,h7,h6,h1");
        assertThat(reversed).isNotEqualTo(authors);
        Map<String, Map<String, Double>> btA = replay("--order", "h1,h6,h7,h5,h4,h3,h2", "--bt");
        Map<String, Map<String, Double>> btR = replay("--order", "h2,h3,h4,h5,h7,h6,h1", "--bt");
        assertThat(btR).isEqualTo(btA);
        Map<String, Map<String, Double>> half = replay("--ties", "half");
        assertThat(half).isNotEqualTo(authors);
    }

    @Test
    void orderParsing() {
        assertThat(ReleasedJudgments.parseOrder("h1, 6,H7")).containsExactly(1, 6, 7);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReleasedJudgments.parseOrder("h1,h1"))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReleasedJudgments.parseOrder("h8"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(TiePolicy.parse("half")).isEqualTo(TiePolicy.HALF);
        assertThat(List.of(1)).hasSize(1);
    }
}
