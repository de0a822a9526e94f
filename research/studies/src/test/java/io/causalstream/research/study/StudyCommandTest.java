package io.causalstream.research.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.testkit.TestResources;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code study} end to end on the released data (without the neural measures, which need the encoder): the three
 * files are written, the published E* row and its Student-t intervals come out as the paper printed them, and the
 * partial-positive row gives the figures docs/methods/agreement.md quotes.
 */
class StudyCommandTest {

    @Test
    void writesTheTableTheCsvAndThePlot(@TempDir Path out) throws Exception {
        CommandLine cli = new CommandLine(new StudyCommand());
        StringWriter sout = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(sout));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute("--data", TestResources.path("soft-measures").toString(), "--out",
                out.toString(), "--no-neural", "--rounds", "500", "--rankings", "elo-skip,bt-half");
        assertThat(exit).as(err.toString()).isZero();
        String md = Files.readString(out.resolve("study.md"));
        // the notebook's BLEU-E* at T = 0.2: mean 0.109, 90% (-0.018, 0.237), 95% (-0.045, 0.263) as in Table 3
        assertThat(md).contains("| notebook BLEU-E* | T=0.2 | 0.109 | (-0.018, 0.237) | (-0.045, 0.263) |");
        // formula (1) at the paper's thresholds: BLEU 0.373, ROUGE-1 0.350, METEOR 0.340 (paper 0.415/0.387/0.333)
        assertThat(md).contains("| BLEU-E | T=0.352 | 0.373 |", "| ROUGE-E | T=0.45 | 0.350 |",
                "| METEOR-E | T=0.01 | 0.340 |");
        List<String> csv = Files.readAllLines(out.resolve("study.csv"));
        assertThat(csv.get(0)).startsWith("ranking,measure,kind,setting,mean,").endsWith(",rho_p20");
        assertThat(csv).anyMatch(l -> l.startsWith("bt-half,BLEU-E,loo,"));
        // read back by the project's CSV reader, every record has the header's cells (settings with commas quoted)
        List<List<String>> records = io.causalstream.text.files.Csv.parse(Files.readString(out.resolve("study.csv")));
        assertThat(records).hasSize(csv.size()).allSatisfy(r -> assertThat(r).hasSameSizeAs(records.get(0)));
        String svg = Files.readString(out.resolve("study.svg"));
        assertThat(svg).startsWith("<svg").contains("BLEU-E*").endsWith("</svg>\n");
        // one dot per passage and measure
        assertThat(svg.split("<circle", -1).length - 1).isEqualTo(20 * (csv.stream()
                .filter(l -> l.startsWith("elo-skip,") && l.contains(",loo,")).count()));
    }
}
