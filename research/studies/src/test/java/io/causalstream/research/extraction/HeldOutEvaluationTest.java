package io.causalstream.research.extraction;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.measures.Edge;
import io.causalstream.measures.TripleMatchScore;
import io.causalstream.measures.catalog.MeasureCatalog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The held-out table of {@code evaluate}: triple P/R/F1 and the triples invented where the gold is empty. */
class HeldOutEvaluationTest {

    @Test
    void inventedTriplesAreThoseOnPassagesWithNoClaim() {
        List<HeldOutPassage> passages = List.of(
                new HeldOutPassage("a", "x", "Drought reduces yields.",
                        List.of(new Edge("drought", "yields", DECREASE))),
                new HeldOutPassage("b", "x", "Yields were 3 t/ha.", List.of()),
                new HeldOutPassage("c", "y", "Rain fell in May.", List.of()));
        List<List<Edge>> predicted = List.of(
                List.of(new Edge("Drought", "yields", DECREASE), new Edge("drought", "rain", INCREASE)),
                List.of(new Edge("yields", "t/ha", INCREASE), new Edge("yields", "ha", INCREASE)),
                List.of());
        HeldOutEvaluation.Row row = new HeldOutEvaluation(MeasureCatalog.rouge1Triples()).score("b", passages, predicted);
        // TP 1; predicted 2 + 2 + 0 = 4; gold 1: P 1/4, R 1, F1 2/5; invented 2, on 1 of the 2 passages with no claim
        assertThat(row.score()).isEqualTo(new TripleMatchScore(1, 4, 1));
        assertThat(List.of(row.invented(), row.inventedPassages(), row.noClaimPassages())).containsExactly(2, 1, 2);
        assertThat(HeldOutEvaluation.format("set.jsonl", passages, List.of(row), MeasureCatalog.rouge1Triples()))
                .contains("Held-out passages (set.jsonl): 3 passages, 2 domains, 1 gold triples, 2 passages with no "
                        + "claim")
                .contains("both nodes rouge1 >= 0.5 and the same direction, one-to-one")
                .containsPattern("\\nb +4 +1 +0\\.250 +1\\.000 +0\\.400 +2 \\(on 1 of 2 passages\\)");
    }

    @Test
    void theCliPrintsTheRulesOnAHeldOutFileOfOnesOwn(@TempDir Path dir) throws Exception {
        Path csv = miniSplit(dir);
        Path held = dir.resolve("mini-heldout.jsonl");
        Files.writeString(held, """
                {"id": "h1", "domain": "climate", "text": "Heavy rainfall leads to flooding.", "triples": [{"source": "rainfall", "target": "flooding", "direction": "INCREASE"}]}
                {"id": "h2", "domain": "trade", "text": "Tariffs curb imports.", "triples": []}
                """);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new CommandLine(new EvaluateCommand(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .execute("--data", csv.toString(), "--no-elo", "--backend", "rules", "--held-out", held.toString());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).isZero();
        // today's table first, unchanged
        assertThat(printed).contains("rules on mini_data.csv: 1 passages, 1 gold rows");
        assertThat(printed.indexOf("rules on mini_data.csv")).isLessThan(printed.indexOf("Held-out passages"));
        // h1: "Heavy rainfall" -> flooding INCREASE matches rainfall -> flooding (ROUGE-1 F 2/3 and 1): TP 1.
        // h2 asserts nothing in this file, so the rules' Tariffs -> imports DECREASE is invented there.
        // triples 2, TP 1: P 1/2, R 1/1, F1 2*1 / (2 + 1) = 0.667; invented 1, on 1 of 1 passages
        assertThat(printed)
                .contains("Held-out passages (mini-heldout.jsonl): 2 passages, 2 domains, 1 gold triples, 1 passages "
                        + "with no claim")
                .containsPattern("\\nrules +2 +1 +0\\.500 +1\\.000 +0\\.667 +1 \\(on 1 of 1 passages\\)");
    }

    @Test
    void withoutHeldOutTheShippedSetIsEvaluated(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new CommandLine(new EvaluateCommand(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .execute("--data", miniSplit(dir).toString(), "--no-elo", "--backend", "rules");
        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("Held-out passages (realistic-passages-v1.jsonl): 43 passages, 10 domains, 138 gold "
                        + "triples, 9 passages with no claim")
                .containsPattern("\\nrules +\\d+ +\\d+ +[01]\\.\\d{3} +[01]\\.\\d{3} +[01]\\.\\d{3} +\\d+ "
                        + "\\(on \\d+ of 9 passages\\)");
    }

    @Test
    void aMissingOrMalformedHeldOutFileIsAClearErrorBeforeAnyExtraction(@TempDir Path dir) throws Exception {
        Path csv = miniSplit(dir);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CommandLine cli = new CommandLine(new EvaluateCommand(new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertThat(cli.execute("--data", csv.toString(), "--backend", "rules", "--held-out",
                dir.resolve("none.jsonl").toString())).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("evaluate: no held-out file")
                .doesNotContain("rules on mini_data.csv");
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(bad, "{\"id\": \"a\", \"text\": \"x.\", \"triples\": [{\"source\": \"x\", \"target\": \"y\", "
                + "\"direction\": \"up\"}]}\n");
        out.reset();
        assertThat(cli.execute("--data", csv.toString(), "--backend", "rules", "--held-out", bad.toString()))
                .isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("direction must be INCREASE or DECREASE, got 'up'");
    }

    private static Path miniSplit(Path dir) throws Exception {
        Path csv = dir.resolve("mini_data.csv");
        Files.writeString(csv, """
                ID,Causal claim,Independent variable (coded),Dependent variable (coded),Relationship
                1,Drought reduces crop yields.,Drought,crop yields,Negative
                """);
        return csv;
    }
}
