package io.causalstream.deploy.local;

import io.causalstream.local.ChildProcesses;
import io.causalstream.local.JavaRuntime;
import io.causalstream.local.LocalPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Apache Kafka broker in KRaft mode (broker and controller in one process), run as a child JVM
 * from the {@code org.apache.kafka:kafka_2.13} jars: formatted once with {@code kafka.tools.StorageTool format
 * --standalone}, then started with {@code kafka.Kafka server.properties}. Data survives restarts in {@code dataDir}.
 */
public final class KafkaBrokerProcess implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaBrokerProcess.class);
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);

    private final Process process;
    private final int port;
    private final Path logFile;

    private KafkaBrokerProcess(Process process, int port, Path logFile) {
        this.process = process;
        this.port = port;
        this.logFile = logFile;
    }

    public static KafkaBrokerProcess start(String classpath, Path dataDir, int port, int controllerPort) {
        LocalPorts.requireFree(port, "Kafka broker");
        LocalPorts.requireFree(controllerPort, "Kafka controller");
        try {
            Path logDirs = dataDir.resolve("kafka-logs");
            Path config = dataDir.resolve("server.properties");
            Path logFile = dataDir.resolve("kafka.log");
            Files.createDirectories(logDirs);
            Files.writeString(config, serverProperties(logDirs, port, controllerPort));
            if (!Files.exists(logDirs.resolve("meta.properties"))) {
                String clusterId = Uuid.randomUuid().toString();
                log.info("formatting the KRaft storage in {} (cluster id {})", logDirs, clusterId);
                run(classpath, logFile, List.of("kafka.tools.StorageTool", "format", "--standalone", "-t", clusterId,
                        "-c", config.toString()));
            }
            Process p = new ProcessBuilder(ChildProcesses.inOwnSession(
                    command(classpath, List.of("kafka.Kafka", config.toString()))))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
            KafkaBrokerProcess broker = new KafkaBrokerProcess(p, port, logFile);
            broker.awaitReady();
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the Kafka broker", e);
        }
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000))) {
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the Kafka broker exited with code " + process.exitValue()
                            + "; see " + logFile);
                }
                try {
                    admin.describeCluster().nodes().get(3, TimeUnit.SECONDS);
                    log.info("Kafka broker ready at {} (pid {})", bootstrapServers(), process.pid());
                    return;
                } catch (Exception notYet) {
                    Thread.sleep(250);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
        throw new IllegalStateException("the Kafka broker did not become ready within " + STARTUP_TIMEOUT + "; see "
                + logFile);
    }

    private static String serverProperties(Path logDirs, int port, int controllerPort) {
        return String.join("\n",
                "# written by the causal-stream local launcher",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.bootstrap.servers=127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                "log.dirs=" + logDirs.toAbsolutePath(),
                "num.partitions=1",
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "");
    }

    private static List<String> command(String classpath, List<String> mainAndArgs) {
        var cmd = new java.util.ArrayList<>(List.of(JavaRuntime.requireJava21(), "-Xms256m", "-Xmx768m",
                "-XX:+UseG1GC", "-cp", classpath));
        cmd.addAll(mainAndArgs);
        return cmd;
    }

    private static void run(String classpath, Path logFile, List<String> mainAndArgs) throws IOException {
        try {
            Process p = new ProcessBuilder(command(classpath, mainAndArgs)).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())).start();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(mainAndArgs.get(0) + " failed; see " + logFile);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        ChildProcesses.stop(process, "Kafka broker");
    }
}
