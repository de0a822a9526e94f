package io.causalstream.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Leftover children of a launcher killed with kill -9, played by real {@code sleep} processes. */
class ChildPidFilesTest {

    @Test
    void aChildLeftRunningByAPreviousRunIsStoppedAndForgotten(@TempDir Path dataDir) throws Exception {
        Process orphan = new ProcessBuilder("sleep", "300").start();
        try {
            new ChildPidFiles(dataDir).record("Kafka broker", orphan.pid());
            // the launcher died here without stopping it; the next run:
            assertThat(new ChildPidFiles(dataDir).stopLeftovers()).containsExactly("Kafka broker, pid " + orphan.pid());
            assertThat(orphan.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(new ChildPidFiles(dataDir).stopLeftovers()).as("forgotten once stopped").isEmpty();
        } finally {
            orphan.destroyForcibly();
        }
    }

    @Test
    void aRecycledPidIsLeftAlone(@TempDir Path dataDir) throws Exception {
        Process stranger = new ProcessBuilder("sleep", "300").start();
        try {
            Files.createDirectories(dataDir.resolve("children"));
            // the pid file of an old run whose pid now belongs to another process (its start time differs)
            Files.writeString(dataDir.resolve("children").resolve("schema registry.pid"),
                    stranger.pid() + " 2001-01-01T00:00:00Z\n");
            assertThat(new ChildPidFiles(dataDir).stopLeftovers()).isEmpty();
            assertThat(stranger.isAlive()).isTrue();
            assertThat(dataDir.resolve("children").resolve("schema registry.pid")).doesNotExist();
        } finally {
            stranger.destroyForcibly();
        }
    }

    @Test
    void aChildStoppedNormallyIsForgotten(@TempDir Path dataDir) throws Exception {
        Process child = new ProcessBuilder("sleep", "300").start();
        try {
            ChildPidFiles files = new ChildPidFiles(dataDir);
            files.record("Kafka broker", child.pid());
            child.destroy();
            child.waitFor(10, TimeUnit.SECONDS);
            files.forget("Kafka broker");
            assertThat(new ChildPidFiles(dataDir).stopLeftovers()).isEmpty();
        } finally {
            child.destroyForcibly();
        }
    }
}
