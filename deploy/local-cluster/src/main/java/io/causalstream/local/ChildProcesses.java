package io.causalstream.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Stops a child process and everything it started: politely first, then by force. */
public final class ChildProcesses {

    private static final Logger log = LoggerFactory.getLogger(ChildProcesses.class);
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    /**
     * Runs {@code command} in a session of its own (via {@code setsid} where it exists): a Ctrl-C in the terminal
     * then reaches only the launcher, which stops its children in order (services, registry, broker) instead of
     * every process getting the signal at once and the broker vanishing under the others.
     */
    public static List<String> inOwnSession(List<String> command) {
        if (!Files.isExecutable(SETSID)) {
            return command;
        }
        List<String> out = new ArrayList<>();
        out.add(SETSID.toString());
        out.addAll(command);
        return out;
    }

    public static void stop(Process process, String what) {
        stop(process.toHandle(), what);
    }

    /** The same for a process this JVM did not start (one left running by an earlier launcher). */
    public static void stop(ProcessHandle process, String what) {
        if (!process.isAlive()) {
            return;
        }
        var descendants = process.descendants().toList();
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        try {
            process.onExit().get(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        } catch (ExecutionException | TimeoutException e) {
            log.warn("{} (pid {}) did not stop within 20 s; killing it", what, process.pid());
            descendants.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.onExit().completeOnTimeout(process, 10, TimeUnit.SECONDS).join();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private ChildProcesses() {
    }
}
