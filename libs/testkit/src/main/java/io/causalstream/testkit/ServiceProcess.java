package io.causalstream.testkit;

import io.causalstream.local.ChildProcesses;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A service run as a child JVM of the test, so a test can kill it for real: {@link #kill()} sends SIGKILL (no
 * shutdown hook, no close, no commit, no transaction abort), as the kernel's OOM killer or a node failure would.
 * The child gets this JVM's classpath and its settings as {@code -D} properties (read by the services'
 * {@code Config.fromEnvironment()}); start it again with the same application id and state directory to play a
 * restarted pod with its volume. The caller picks the HTTP port ({@code http.port}) so the restarted process
 * answers on the same address.
 */
public final class ServiceProcess implements AutoCloseable {

    private final String mainClass;
    private final Process process;
    private final int httpPort;
    private final Path log;

    private ServiceProcess(String mainClass, Process process, int httpPort, Path log) {
        this.mainClass = mainClass;
        this.process = process;
        this.httpPort = httpPort;
        this.log = log;
    }

    /**
     * Starts {@code mainClass} in a child JVM with {@code settings} as system properties; {@code settings} must
     * hold {@code http.port} (a fixed port: the test polls it). Output goes to {@code log} (appended, so a
     * restarted child writes after the killed one).
     */
    public static ServiceProcess start(String mainClass, Map<String, String> settings, Path log) {
        String port = settings.get("http.port");
        if (port == null || Integer.parseInt(port) <= 0) {
            throw new IllegalArgumentException("a child service needs a fixed http.port, got " + port);
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx512m");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        new TreeMap<>(settings).forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.add(mainClass);
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            return new ServiceProcess(mainClass, p, Integer.parseInt(port), log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + mainClass, e);
        }
    }

    public int httpPort() {
        return httpPort;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The exit code; only once the process has ended. */
    public int exitValue() {
        return process.exitValue();
    }

    /** Waits until the child answers 200 on {@code /health/ready} (it reached the broker and the registry). */
    public ServiceProcess awaitReady(Duration timeout) {
        ChildProcesses.awaitHttpOk(process, mainClass, URI.create("http://127.0.0.1:" + httpPort + "/health/ready"),
                timeout, log);
        return this;
    }

    /** SIGKILL, then waits for the exit and checks it was the kill (exit code 137) that ended the process. */
    public void kill() {
        if (!process.isAlive()) {
            throw new AssertionError(mainClass + " had already exited with " + process.exitValue() + "; see " + log);
        }
        process.destroyForcibly();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError(mainClass + " survived SIGKILL for 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        if (process.exitValue() != 137) {
            throw new AssertionError(mainClass + " ended with " + process.exitValue() + ", not by SIGKILL (137)");
        }
    }

    /** Stops the child politely (its shutdown hook closes the service), by force after 20 s. */
    @Override
    public void close() {
        ChildProcesses.stop(process, mainClass);
    }
}
