package io.causalstream.research.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.testkit.TestResources;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code evaluate --benchmark}: the public benchmarks' tables, for the rules backend (the fast one). */
class EvaluateBenchmarkTest {

    @TempDir
    Path dir;

    private String run(int expectedCode, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new CommandLine(new EvaluateCommand(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .execute(args);
        assertThat(code).as(out.toString(StandardCharsets.UTF_8)).isEqualTo(expectedCode);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void bothBenchmarksForTheRules() throws IOException {
        // 40 SemEval-style records; the report fold holds those whose id hashes to fold 4
        StringBuilder semeval = new StringBuilder();
        IntStream.rangeClosed(1, 40).forEach(id -> semeval.append(id).append("\t\"Heavy <e1>rain</e1> causes "
                + "<e2>floods</e2>.\"\nCause-Effect(e1,e2)\nComment:\n\n"));
        Path file = dir.resolve("TRAIN_FILE.TXT");
        Files.writeString(file, semeval);
        String out = run(0, "--benchmark", "cnc,semeval", "--backend", "rules", "--cnc",
                TestResources.path("causal-news").toString(), "--semeval", file.toString());
        String flat = out.replaceAll(" +", " ");
        assertThat(flat).contains("subtask 1, is the sentence causal: 340 sentences, 185 causal",
                "bert-base-cased (organisers' baseline) 0.8632 0.8410 0.8865",
                "185 sentences, 249 relations, 52 sentences with several",
                "albert-xxlarge-v2 (organisers' baseline) 0.6271 0.5948 0.6632",
                "BoschAI 2023 (best submission) 0.7279");
        assertThat(out).containsPattern("(?m)^rules +0\\.\\d{4} ");
        assertThat(out).doesNotContain("note: model's claim threshold");
        assertThat(out).doesNotContain("Elo-20", "held-out");
        // "rain causes floods": the rules link rain to floods in every sentence
        assertThat(flat).containsPattern("rules 1\\.0000 1\\.0000 1\\.0000 \\d+ 0 \\d+ 0 \\(0\\.00 %\\)");
    }

    @Test
    void anUnknownBenchmarkOrAMissingFolderIsAUsageError() {
        assertThat(run(2, "--benchmark", "glue", "--backend", "rules")).contains("unknown benchmark 'glue'");
        assertThat(run(2, "--benchmark", "cnc", "--backend", "rules", "--cnc", dir.toString()))
                .contains("dev_subtask1.csv");
    }
}
