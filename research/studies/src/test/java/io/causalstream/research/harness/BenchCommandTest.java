package io.causalstream.research.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchCommandTest {

    @TempDir
    Path tree;

    @Test
    void aBenchmarkRunsThroughTheBenchProfileWithItsArgumentsAndProperties() throws Exception {
        Files.createDirectories(tree.resolve("research/benchmarks"));
        Files.writeString(tree.resolve("research/benchmarks/pom.xml"), "<project/>");
        List<List<String>> ran = new ArrayList<>();
        List<Path> where = new ArrayList<>();
        CommandLine cli = new CommandLine(new BenchCommand((command, directory) -> {
            ran.add(command);
            where.add(directory);
            return 3;
        }));
        cli.setUnmatchedOptionsArePositionalParams(true);
        String before = System.getProperty(BenchCommand.ROOT_PROPERTY);
        System.setProperty(BenchCommand.ROOT_PROPERTY, tree.resolve("research").toString());
        try {
            // its exit code is Maven's
            assertThat(cli.execute("PerfBench", "--encoder", "bge-small-q", "--label", "two words",
                    "-Dbench.records=4000")).isEqualTo(3);
            assertThat(cli.execute("--offline", "alignment")).isEqualTo(3);
        } finally {
            if (before == null) {
                System.clearProperty(BenchCommand.ROOT_PROPERTY);
            } else {
                System.setProperty(BenchCommand.ROOT_PROPERTY, before);
            }
        }
        assertThat(ran).containsExactly(List.of("mvn", "-B", "-q", "-Pbench", "-pl", "research/benchmarks",
                "-am", "verify", "-DskipTests", "-Dbench=perf",
                "-Dbench.args=--encoder bge-small-q --label \"two words\"", "-Dbench.records=4000"),
                List.of("mvn", "-B", "-q", "-o", "-Pbench", "-pl", "research/benchmarks", "-am", "verify",
                        "-DskipTests", "-Dbench=alignment"));
        assertThat(where).containsOnly(tree.toAbsolutePath().normalize());
    }

    @Test
    void withoutArgumentsNoneArePassed() {
        assertThat(BenchCommand.mavenCommand("alignment", List.of(), Map.of(), false)).endsWith("-Dbench=alignment");
    }

    @Test
    void outsideASourceTreeItSaysWhereToRunIt() {
        assertThatThrownBy(() -> BenchCommand.sourceTree(tree)).hasMessageContaining("research/benchmarks/pom.xml")
                .hasMessageContaining(tree.toString());
    }

    @Test
    void anUnknownNameIsAUsageErrorNamingTheKnownOnes() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new BenchCommand((command, directory) -> {
            throw new AssertionError("nothing may run");
        }));
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("no-such-bench")).isEqualTo(2);
        assertThat(err.toString()).contains("no benchmark 'no-such-bench'; known: rules-throughput, client-pipeline");
        assertThat(cli.execute()).isEqualTo(2);
        assertThat(err.toString()).contains("Missing the benchmark's name");
    }
}
