package io.causalstream.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.research.harness.BenchmarkCatalog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class BenchmarksTest {

    @Test
    void everyBenchmarkNamedHasARunnableMain() throws Exception {
        for (BenchmarkCatalog.Benchmark b : BenchmarkCatalog.ALL) {
            var main = Class.forName(b.mainClass()).getMethod("main", String[].class);
            assertThat(Modifier.isStatic(main.getModifiers())).as(b.name()).isTrue();
        }
    }

    /** A benchmark added to a module without a name here could not be run by the one command. */
    @Test
    void everyBenchmarkOfTheProductIsNamed() throws IOException {
        Path root = Path.of("..", "..");
        List<String> found;
        try (Stream<Path> files = Files.walk(root)) {
            found = files.filter(p -> p.toString().contains("/src/test/java/"))
                    .filter(p -> p.getFileName().toString().endsWith("Bench.java"))
                    .filter(BenchmarksTest::hasMain)
                    .map(p -> root.relativize(p).toString().replaceFirst(".*/src/test/java/", "")
                            .replace(".java", "").replace('/', '.'))
                    .toList();
        }
        assertThat(found).isNotEmpty();
        assertThat(BenchmarkCatalog.ALL.stream().map(BenchmarkCatalog.Benchmark::mainClass))
                .containsExactlyInAnyOrderElementsOf(found);
    }

    @Test
    void findsByNameOrClassAndRefusesAnUnknownName() {
        assertThat(BenchmarkCatalog.find("cesar")).map(BenchmarkCatalog.Benchmark::mainClass)
                .contains("io.causalstream.research.bench.CesarBench");
        assertThat(BenchmarkCatalog.find("CesarBench")).isEqualTo(BenchmarkCatalog.find("cesar"));
        assertThatThrownBy(() -> Benchmarks.main(new String[] {"no-such-bench"}))
                .hasMessageContaining("no-such-bench").hasMessageContaining("list");
    }

    private static boolean hasMain(Path p) {
        try {
            return Files.readString(p).contains("public static void main(");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
