package io.causalstream.deploy.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The repository's root and its documentation files, found from the test's working directory. */
public final class RepositoryFiles {

    private RepositoryFiles() {
    }

    /** The nearest directory above the working directory holding README.md, docs/ and the root pom.xml. */
    public static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))
                    && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
    }

    /** README.md and every Markdown file under docs/. */
    static List<Path> manual(Path root) {
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            return Stream.concat(Stream.of(root.resolve("README.md")),
                    docs.filter(p -> p.toString().endsWith(".md")).sorted()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
