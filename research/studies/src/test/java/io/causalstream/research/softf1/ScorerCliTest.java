package io.causalstream.research.softf1;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.testkit.TestResources;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ScorerCliTest {

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ScorerCli());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void scoresCsvGoldAgainstJsonLinesPredictions() throws IOException {
        Path gold = dir.resolve("gold.csv");
        Files.writeString(gold, """
                passage,source,target,direction
                p1,rain,flooding,Increase
                p1,dams,flooding,negative
                p2,tourism,litter,+
                """);
        Path predictions = dir.resolve("predictions.jsonl");
        Files.writeString(predictions, """
                {"passageId": "p1", "annotationId": "llama3", "triples": [{"source": "Rain", "target": "flooding", "direction": "increase"}, {"source": "dams", "target": "flooding", "direction": "up"}]}
                {"passageId": "p2", "annotationId": "llama3", "triples": []}
                {"passageId": "p3", "annotationId": "llama3", "triples": []}
                """);

        Run r = run("score", "--gold", gold.toString(), "--predictions", predictions.toString(), "--measures", "exact");

        assertThat(r.code()).isZero();
        // p1: rain TP; dams: nodes match, direction up vs negative: PP. F1 = (2 + 1) / 3 = 1, E* = 2 / 4.
        assertThat(r.out()).containsPattern("p1\\s+llama3\\s+exact\\s+1\\.000\\s+1\\s+1\\s+0\\s+0\\s+1\\.0000\\s+0\\.5000");
        assertThat(r.out()).containsPattern("p2\\s+llama3\\s+exact\\s+1\\.000\\s+0\\s+0\\s+0\\s+1\\s+0\\.0000\\s+0\\.0000");
        assertThat(r.out()).containsPattern("exact@1\\.0\\s+0\\.5000\\s+0\\.2500");
        assertThat(r.out()).contains("1 prediction(s) skipped, no gold for passage(s) [p3]");
    }

    @Test
    void referenceModeComparesDirectionWordsAsWritten() throws IOException {
        Path gold = dir.resolve("gold.json");
        Files.writeString(gold, """
                [{"text": "Rain floods.", "causal relations": [{"src": "rain", "tgt": "floods", "direction": "Increase"}]}]
                """);
        Path predictions = dir.resolve("pred.json");
        Files.writeString(predictions, """
                [{"text": "Rain floods.", "causal relations": [{"src": "rain", "tgt": "floods", "direction": "increase"}]}]
                """);

        Run paper = run("score", "--gold", gold.toString(), "--predictions", predictions.toString(),
                "--measures", "exact", "--summary-only");
        Run reference = run("score", "--gold", gold.toString(), "--predictions", predictions.toString(),
                "--reference", "--summary-only");

        assertThat(paper.out()).containsPattern("exact@1\\.0\\s+1\\.0000\\s+1\\.0000");
        assertThat(reference.out()).containsPattern("ref-verbatim@0\\.5\\s+0\\.0000\\s+0\\.0000");
    }

    @Test
    void table3ReproducesTheNotebook() {
        Run r = run("table3", TestResources.path("soft-measures").toString());

        assertThat(r.code()).isZero();
        assertThat(r.out()).containsPattern("ref-verbatim\\s+0\\.5\\s+0\\.04336136913582565");
        assertThat(r.out()).containsPattern("ref-bleu\\s+0\\.2\\s+0\\.10930095519029288");
        assertThat(r.out()).containsPattern("ref-meteor\\s+0\\.005\\s+0\\.12633609967541587");
        assertThat(r.out()).containsPattern("ref-rouge\\s+0\\.5\\s+0\\.12413510778939112");
    }

    @Test
    void unknownMeasureIsAnError() throws IOException {
        Path gold = dir.resolve("g.csv");
        Files.writeString(gold, "source,target,direction\na,b,+\n");
        Run r = run("score", "--gold", gold.toString(), "--predictions", gold.toString(), "--measures", "bleurt");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("unknown measure 'bleurt'");
    }
}
