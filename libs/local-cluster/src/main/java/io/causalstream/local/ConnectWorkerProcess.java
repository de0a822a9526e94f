package io.causalstream.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An Apache Kafka Connect worker in distributed mode ({@code org.apache.kafka.connect.cli.ConnectDistributed}) as a
 * child JVM, from the connect-worker distribution ({@code lib/*.jar}: connect-runtime of the project's Kafka
 * version), with {@code pluginPath} as its plugin.path. Its config, offsets and status live in Kafka topics named
 * after {@code groupId}; its REST API listens on loopback.
 */
public final class ConnectWorkerProcess implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ConnectWorkerProcess.class);
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final int restPort;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private ConnectWorkerProcess(Process process, int restPort) {
        this.process = process;
        this.restPort = restPort;
    }

    /**
     * Starts a worker and returns when its REST API answers.
     *
     * @param extra worker settings beside the defaults written here (e.g. SASL settings of a secured broker)
     */
    public static ConnectWorkerProcess start(Path home, Path pluginPath, String bootstrapServers, String groupId,
                                             int restPort, Path workDir, Path logFile, Map<String, String> extra) {
        LocalPorts.requireFree(restPort, "Kafka Connect REST");
        if (!Files.isDirectory(home.resolve("lib"))) {
            throw new IllegalStateException("no connect-worker distribution at " + home + ": build with Maven first");
        }
        Map<String, String> settings = new TreeMap<>();
        settings.put("bootstrap.servers", bootstrapServers);
        settings.put("group.id", groupId);
        settings.put("config.storage.topic", groupId + "-configs");
        settings.put("offset.storage.topic", groupId + "-offsets");
        settings.put("status.storage.topic", groupId + "-status");
        settings.put("config.storage.replication.factor", "1");
        settings.put("offset.storage.replication.factor", "1");
        settings.put("status.storage.replication.factor", "1");
        settings.put("offset.storage.partitions", "1");
        settings.put("status.storage.partitions", "1");
        settings.put("key.converter", "org.apache.kafka.connect.storage.StringConverter");
        settings.put("value.converter", "org.apache.kafka.connect.storage.StringConverter");
        settings.put("listeners", "http://127.0.0.1:" + restPort);
        settings.put("plugin.path", pluginPath.toAbsolutePath().toString());
        settings.put("offset.flush.interval.ms", "1000");
        settings.putAll(extra);
        try {
            Files.createDirectories(workDir);
            Files.createDirectories(logFile.toAbsolutePath().getParent());
            Path config = workDir.resolve("worker.properties");
            Files.writeString(config, settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining("\n", "", "\n")));
            Path log4j = workDir.resolve("log4j2.properties");
            Files.writeString(log4j, """
                    rootLogger.level = INFO
                    rootLogger.appenderRef.stdout.ref = STDOUT
                    appender.stdout.type = Console
                    appender.stdout.name = STDOUT
                    appender.stdout.layout.type = PatternLayout
                    appender.stdout.layout.pattern = [%d] %p %m (%c)%n
                    logger.reflections.name = org.reflections
                    logger.reflections.level = ERROR
                    """);
            List<String> cmd = new ArrayList<>(List.of(JavaRuntime.requireJava21(), "-Xmx512m", "-XX:+UseSerialGC",
                    "-Dlog4j2.configurationFile=" + log4j.toAbsolutePath(),
                    "-cp", home.resolve("lib").toAbsolutePath() + "/*",
                    "org.apache.kafka.connect.cli.ConnectDistributed", config.toAbsolutePath().toString()));
            Process p = new ProcessBuilder(ChildProcesses.inOwnSession(ChildProcesses.withUnsafeAllowed(cmd)))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
            ConnectWorkerProcess worker = new ConnectWorkerProcess(p, restPort);
            try {
                ChildProcesses.awaitHttpOk(p, "the Connect worker", URI.create(worker.restUrl() + "/connectors"),
                        STARTUP_TIMEOUT, logFile);
            } catch (IllegalStateException e) {
                worker.close();
                throw e;
            }
            log.info("Kafka Connect worker ready at {} (pid {})", worker.restUrl(), p.pid());
            return worker;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the Connect worker", e);
        }
    }

    public String restUrl() {
        return "http://127.0.0.1:" + restPort;
    }

    /** Creates or updates a connector ({@code PUT /connectors/NAME/config}). */
    public void putConnector(String name, Map<String, String> config) {
        String body = config.entrySet().stream()
                .map(e -> json(e.getKey()) + ":" + json(e.getValue()))
                .collect(Collectors.joining(",", "{", "}"));
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(restUrl() + "/connectors/" + name + "/config"))
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)));
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException("the worker refused connector " + name + ": " + r.statusCode() + " "
                    + r.body());
        }
    }

    /** The connector's status as the worker reports it (JSON), or the error. */
    public String status(String name) {
        return send(HttpRequest.newBuilder(URI.create(restUrl() + "/connectors/" + name + "/status")).GET()).body();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        ChildProcesses.stop(process, "Kafka Connect worker");
    }
}
