package io.causalstream.deploy.local;

import io.causalstream.local.ChildProcesses;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The launcher's children (broker, registry) written down in {@code DATA_DIR/children/NAME.pid}: their pid and
 * start time. They run in sessions of their own, so a launcher killed with {@code kill -9} leaves them running
 * and the next start would fail on their ports; the next start reads these files and stops what a previous run
 * left behind. The start time guards against a recycled pid: a process is stopped only when its pid and its start
 * time both match what was written.
 */
public final class ChildPidFiles {

    private static final Logger log = LoggerFactory.getLogger(ChildPidFiles.class);

    private final Path dir;

    public ChildPidFiles(Path dataDir) {
        this.dir = dataDir.resolve("children");
    }

    /** Records a started child under {@code name}. */
    public void record(String name, long pid) {
        Optional<Instant> started = ProcessHandle.of(pid).flatMap(h -> h.info().startInstant());
        try {
            Files.createDirectories(dir);
            Files.writeString(file(name), pid + " " + started.map(Instant::toString).orElse("-") + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(name), e);
        }
    }

    /** Forgets a child that was stopped normally. */
    public void forget(String name) {
        try {
            Files.deleteIfExists(file(name));
        } catch (IOException e) {
            log.warn("cannot delete {}: {}", file(name), e.toString());
        }
    }

    /**
     * Stops every recorded child that is still running (politely, then by force after 20 s) and forgets them all.
     *
     * @return what was stopped, one line each ("Kafka broker, pid 1234"), for the launcher to say
     */
    public List<String> stopLeftovers() {
        List<String> stopped = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return stopped;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".pid")).toList()) {
                String name = f.getFileName().toString().replaceFirst("\\.pid$", "");
                running(f).ifPresent(h -> {
                    ChildProcesses.stop(h, name);
                    stopped.add(name + ", pid " + h.pid());
                });
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir, e);
        }
        return stopped;
    }

    /** The process a pid file names, if it is alive and started when the file says. */
    static Optional<ProcessHandle> running(Path pidFile) throws IOException {
        String[] parts = Files.readString(pidFile).strip().split(" ");
        long pid;
        try {
            pid = Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            log.warn("ignoring {}: not a pid file", pidFile);
            return Optional.empty();
        }
        String written = parts.length > 1 ? parts[1] : "-";
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(h -> written.equals(
                h.info().startInstant().map(Instant::toString).orElse("-")));
    }

    private Path file(String name) {
        return dir.resolve(name + ".pid");
    }
}
