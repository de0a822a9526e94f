package io.causalstream.deploy.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deploy.architecture.LongSources.LongFile;
import io.causalstream.deploy.docs.RepositoryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No main source file over 400 lines without a one-line reason in its top-level type's Javadoc, a line opening with
 * {@value LongSources#MARKER} (a class of several ideas is split along them instead).
 */
class LongClassesTest {

    @Test
    void everyMainSourceOverFourHundredLinesSaysWhyInItsJavadoc() {
        List<LongFile> found = LongSources.under(RepositoryFiles.root(), ModuleClasses.modules());
        System.out.println("main sources over " + LongSources.MOST_LINES + " lines:\n" + found.stream()
                .map(f -> "  " + f + (Pending.LONG_FILES.containsKey(f.path())
                        ? " [pending: " + Pending.LONG_FILES.get(f.path()) + "]" : ""))
                .collect(Collectors.joining("\n")));

        assertThat(found).as("files over %d lines without a '%s' line in their Javadoc", LongSources.MOST_LINES,
                        LongSources.MARKER)
                .filteredOn(f -> f.reason().isEmpty() && !Pending.LONG_FILES.containsKey(f.path())).isEmpty();
        assertThat(Pending.LONG_FILES.keySet()).as("entries of Pending.LONG_FILES no longer needed: remove them")
                .allMatch(path -> found.stream().anyMatch(f -> f.path().equals(path) && f.reason().isEmpty()));
    }

    @Test
    void aLongFileWithoutAReasonIsReportedAndOneWithAReasonIsNot(@TempDir Path root) throws Exception {
        Path sources = Files.createDirectories(root.resolve("m/src/main/java/p"));
        String body = "    int x;\n".repeat(LongSources.MOST_LINES);
        Files.writeString(sources.resolve("Silent.java"), "package p;\n\n/** A class. */\nfinal class Silent {\n"
                + body + "}\n");
        Files.writeString(sources.resolve("Explained.java"), "package p;\n\n/**\n * A class.\n *\n * <p>"
                + LongSources.MARKER + " one table of constants, read top to bottom.\n */\n@Deprecated\n"
                + "public final class Explained {\n" + body + "}\n");
        Files.writeString(sources.resolve("Short.java"), "package p;\n\nfinal class Short {\n}\n");

        assertThat(LongSources.under(root, List.of("m"))).containsExactly(
                new LongFile("m/src/main/java/p/Explained.java", LongSources.MOST_LINES + 10,
                        Optional.of("one table of constants, read top to bottom.")),
                new LongFile("m/src/main/java/p/Silent.java", LongSources.MOST_LINES + 5, Optional.empty()));
    }
}
