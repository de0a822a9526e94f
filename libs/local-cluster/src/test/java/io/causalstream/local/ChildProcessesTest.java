package io.causalstream.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildProcessesTest {

    @Test
    void aChildThatAnswersIsReady(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("index.html"), "ready");
        int port = LocalPorts.pickFree();
        Path log = dir.resolve("server.log");
        // the JDK's own file server stands for a service's readiness endpoint
        Process server = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "jwebserver")
                .toString(), "-b", "127.0.0.1", "-p", String.valueOf(port), "-d", dir.toString()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            String body = ChildProcesses.awaitHttpOk(server, "the file server",
                    URI.create("http://127.0.0.1:" + port + "/index.html"), Duration.ofSeconds(60), log);
            assertThat(body).isEqualTo("ready");
        } finally {
            ChildProcesses.stop(server, "the file server");
        }
        assertThat(server.isAlive()).isFalse();
    }

    @Test
    void aChildThatExitsFailsTheWaitWithItsLog(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("child.log");
        Process child = new ProcessBuilder(List.of("sh", "-c", "echo cannot bind the port; exit 3"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        child.waitFor();
        assertThatThrownBy(() -> ChildProcesses.awaitHttpOk(child, "the child", URI.create("http://127.0.0.1:9/"),
                Duration.ofSeconds(10), log))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the child exited with code 3")
                .hasMessageContaining("cannot bind the port");
    }

    @Test
    void aChildThatNeverAnswersTimesOut(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("child.log");
        Process child = new ProcessBuilder(List.of("sleep", "30")).redirectOutput(log.toFile()).start();
        try {
            assertThatThrownBy(() -> ChildProcesses.awaitHttpOk(child, "the child",
                    URI.create("http://127.0.0.1:" + LocalPorts.pickFree() + "/"), Duration.ofMillis(600), log))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("did not answer 200");
        } finally {
            ChildProcesses.stop(child, "the child");
        }
    }
}
