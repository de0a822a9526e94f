package io.causalstream.deploy.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code and manual say what is; history goes to CHANGELOG.md. No "issue N", no "this round" / "latest round", no
 * before → after figure in the main Java sources, README.md or docs/.
 */
class HistoryFreeTest {

    static final Pattern HISTORY = Pattern.compile(
            "(?i)\\bissues? #?\\d+|\\b(?:this|latest|last|previous|earlier) round\\b"
                    + "|\\d[\\d,]*(?:\\.\\d+)?\\s*%?\\s*(?:→|->|=>)\\s*\\d[\\d,]*\\.\\d+");

    @Test
    void noHistoryInMainSourcesReadmeOrDocs() {
        Path root = RepositoryFiles.root();
        List<Path> files = new ArrayList<>(RepositoryFiles.manual(root));
        files.addAll(mainJavaSources(root));
        assertThat(files).hasSizeGreaterThan(100);
        assertThat(findings(root, files)).isEmpty();
    }

    @Test
    void historyIsFound(@TempDir Path dir) throws IOException {
        Path java = dir.resolve("Foo.java");
        Files.writeString(java, String.join("\n",
                "/** Fixed in issue 12; tried 0.2402 → 0.2525. */",
                "class Foo { String s = \"the latest round\"; Runnable r = () -> run(1); int x = y -> 2; }",
                "// 3 -> 4 edges is a count, not a figure", ""));
        Path md = dir.resolve("page.md");
        Files.writeString(md, "Recall rose from 0.2372 -> 0.2402 this round (see Issue #7).\n");
        assertThat(findings(dir, List.of(java, md))).containsExactly(
                "Foo.java:1: issue 12", "Foo.java:1: 0.2402 → 0.2525", "Foo.java:2: latest round",
                "page.md:1: 0.2372 -> 0.2402", "page.md:1: this round", "page.md:1: Issue #7");
    }

    static List<String> findings(Path root, List<Path> files) {
        List<String> found = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = RepositoryFiles.read(file).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = HISTORY.matcher(lines.get(i));
                while (m.find()) {
                    found.add(root.relativize(file) + ":" + (i + 1) + ": " + m.group());
                }
            }
        }
        return found;
    }

    static List<Path> mainJavaSources(Path root) {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().replace('\\', '/').contains("/src/main/java/"))
                    .filter(p -> !p.toString().replace('\\', '/').contains("/target/"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
