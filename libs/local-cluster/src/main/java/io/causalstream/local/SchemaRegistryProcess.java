package io.causalstream.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Apicurio Registry (which speaks the Confluent Schema Registry API) run from its Maven Central distribution
 * ({@code io.apicurio:apicurio-registry-app:<v>:tar.gz:all}) as a child process, with in-memory storage.
 * Used by the local launcher and by the test harness.
 */
public final class SchemaRegistryProcess implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SchemaRegistryProcess.class);
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final int port;
    private final Path logFile;

    private SchemaRegistryProcess(Process process, int port, Path logFile) {
        this.process = process;
        this.port = port;
        this.logFile = logFile;
    }

    /**
     * Unpacks the distribution into {@code installDir} (once; later calls reuse it) and starts the registry on
     * loopback {@code port}; returns when its API answers.
     */
    public static SchemaRegistryProcess start(Path archive, Path installDir, int port, Path logFile) {
        return start(archive, installDir, port, logFile, java.util.Map.of());
    }

    /**
     * As {@link #start(Path, Path, int, Path)}, with extra registry settings as system properties, e.g.
     * {@code apicurio.storage.kind=kafkasql} to keep schemas in a Kafka topic across restarts.
     */
    public static SchemaRegistryProcess start(Path archive, Path installDir, int port, Path logFile,
                                              java.util.Map<String, String> settings) {
        LocalPorts.requireFree(port, "schema registry");
        Path runner = install(archive, installDir);
        List<String> cmd = new ArrayList<>(List.of(JavaRuntime.requireJava21(), "-Xmx512m", "-XX:+UseSerialGC",
                "-Dquarkus.http.port=" + port,
                "-Dquarkus.http.host=127.0.0.1",
                // Apicurio always opens a management interface (default 0.0.0.0:9000): give it a free loopback port
                // so several registries (parallel test JVMs) and whatever else holds 9000 do not collide
                "-Dquarkus.management.host=127.0.0.1",
                "-Dquarkus.management.port=" + LocalPorts.pickFree(),
                "-Dquarkus.log.console.json=false"));
        settings.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-jar", runner.getFileName().toString()));
        try {
            Files.createDirectories(logFile.toAbsolutePath().getParent());
            Process p = new ProcessBuilder(ChildProcesses.inOwnSession(cmd)).directory(runner.getParent().toFile())
                    .redirectErrorStream(true).redirectOutput(logFile.toFile()).start();
            SchemaRegistryProcess registry = new SchemaRegistryProcess(p, port, logFile);
            registry.awaitReady();
            return registry;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the schema registry: " + cmd, e);
        }
    }

    /** Root URL, e.g. http://127.0.0.1:8085. */
    public String url() {
        return "http://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    private void awaitReady() {
        try {
            ChildProcesses.awaitHttpOk(process, "the schema registry", URI.create(url() + "/apis/registry/v3/system/info"),
                    STARTUP_TIMEOUT, logFile);
        } catch (IllegalStateException e) {
            close();
            throw e;
        }
        log.info("schema registry ready at {} (pid {})", url(), process.pid());
    }

    /**
     * Where a distribution is unpacked by default: a per-user cache shared by the launcher and the tests, so the
     * 150 MB archive is unpacked once per version, not once per run.
     */
    public static Path defaultInstallDir(Path archive) {
        String name = archive.getFileName().toString().replace(".tar.gz", "");
        return Path.of(System.getProperty("java.io.tmpdir"), "causal-stream-" + System.getProperty("user.name"), name);
    }

    /**
     * Test JVMs side by side (Failsafe forks, modules built in parallel) share the install directory: one unpacks
     * while holding its lock file, the others wait and reuse it (synchronized: a JVM holds a file lock only once).
     */
    static synchronized Path install(Path archive, Path installDir) {
        Path marker = installDir.resolve(".unpacked");
        try {
            Files.createDirectories(installDir.toAbsolutePath().getParent());
            try (FileChannel channel = FileChannel.open(installDir.resolveSibling(installDir.getFileName() + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                FileLock unpacking = channel.lock();
                try {
                    unpackOnce(archive, installDir, marker);
                } finally {
                    unpacking.release();
                }
            }
            try (Stream<Path> files = Files.walk(installDir)) {
                return files.filter(f -> f.getFileName().toString().equals("quarkus-run.jar")).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no quarkus-run.jar under " + installDir));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void unpackOnce(Path archive, Path installDir, Path marker) throws IOException {
        try {
            if (!Files.exists(marker)) {
                if (archive == null || !Files.isRegularFile(archive)) {
                    throw new IllegalStateException("Apicurio Registry distribution not found at " + archive
                            + ": build with Maven first (it resolves io.apicurio:apicurio-registry-app:tar.gz:all)");
                }
                Files.createDirectories(installDir);
                log.info("unpacking {} into {}", archive.getFileName(), installDir);
                Process tar = new ProcessBuilder("tar", "-xzf", archive.toAbsolutePath().toString(), "-C",
                        installDir.toAbsolutePath().toString()).inheritIO().start();
                if (tar.waitFor() != 0) {
                    throw new IllegalStateException("tar failed to unpack " + archive);
                }
                Files.writeString(marker, archive.getFileName().toString());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        ChildProcesses.stop(process, "schema registry");
    }
}
