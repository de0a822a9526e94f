package io.causalstream.research.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The project's shared data folder ({@code ../shared/data} beside the repository), found by walking up from the
 * working directory; tests of the full released files run where it is present and are skipped elsewhere.
 */
final class SharedData {

    static Optional<Path> find(String relative) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/data").resolve(relative);
            if (Files.exists(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private SharedData() {
    }
}
