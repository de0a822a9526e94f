package io.causalstream.local;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The launcher's and the tests' child processes (broker, registry, services as child JVMs): waiting until one answers,
 * and stopping it with everything it started, politely first, then by force.
 */
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

    /**
     * Adds {@code --sun-misc-unsafe-memory-access=allow} after the java executable on JDK 24 and newer, where Netty
     * and Neo4j would otherwise warn at every start.
     */
    public static List<String> withUnsafeAllowed(List<String> javaCommand) {
        if (Runtime.version().feature() < 24) {
            return javaCommand;
        }
        List<String> out = new ArrayList<>(javaCommand);
        out.add(1, "--sun-misc-unsafe-memory-access=allow");
        return out;
    }

    /**
     * Waits until {@code process} answers 200 on {@code url} (its readiness endpoint). Fails with an
     * IllegalStateException when it exits first or does not answer 200 within {@code timeout}; the message ends with
     * the last 30 lines of its {@code log}.
     *
     * @return the last answer's body
     */
    public static String awaitHttpOk(Process process, String what, URI url, Duration timeout, Path log) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest probe = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(what + " exited with code " + process.exitValue()
                        + " during start-up; its log " + log + " ends with:\n" + tail(log));
            }
            try {
                HttpResponse<String> r = http.send(probe, HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return r.body();
                }
                last = r.statusCode() + " " + r.body();
            } catch (IOException notYet) {
                last = notYet.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
        }
        throw new IllegalStateException(what + " did not answer 200 on " + url + " within " + timeout + "; last: "
                + last + "; its log " + log + " ends with:\n" + tail(log));
    }

    /** The last 30 lines of a child's log, for an error message. */
    public static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException | java.io.UncheckedIOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
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
