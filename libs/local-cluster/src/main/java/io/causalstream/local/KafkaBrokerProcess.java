package io.causalstream.local;

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

    /** The listener names of the secured broker. */
    static final String CLIENT_LISTENER = "CLIENT";
    static final String CONTROLLER_LISTENER = "CONTROLLER";

    private final Process process;
    private final int port;
    private final Path logFile;
    private final LocalCredentials credentials;

    private KafkaBrokerProcess(Process process, int port, Path logFile, LocalCredentials credentials) {
        this.process = process;
        this.port = port;
        this.logFile = logFile;
        this.credentials = credentials;
    }

    /** A PLAINTEXT broker: anyone who reaches the port may do anything. */
    public static KafkaBrokerProcess start(String classpath, Path dataDir, int port, int controllerPort) {
        return start(classpath, dataDir, port, controllerPort, null);
    }

    /**
     * @param credentials null for a PLAINTEXT broker; else a secured one: clients authenticate with SASL
     *                    SCRAM-SHA-512 on a SASL_PLAINTEXT listener (the admin's SCRAM credential is written at
     *                    format time), the controller listener takes SASL PLAIN for the admin only, the
     *                    StandardAuthorizer refuses whatever no ACL allows, and the admin is the only super user.
     *                    Users and ACLs are created afterwards (the launcher's {@code LocalAccessControl}).
     */
    public static KafkaBrokerProcess start(String classpath, Path dataDir, int port, int controllerPort,
                                           LocalCredentials credentials) {
        LocalPorts.requireFree(port, "Kafka broker");
        LocalPorts.requireFree(controllerPort, "Kafka controller");
        try {
            Path logDirs = dataDir.resolve("kafka-logs");
            Path config = dataDir.resolve("server.properties");
            Path logFile = dataDir.resolve("kafka.log");
            Files.createDirectories(logDirs);
            String properties = serverProperties(logDirs, port, controllerPort)
                    + (credentials == null ? "" : securityProperties(port, controllerPort, credentials));
            // the secured broker's file holds the admin password: owner-only
            LocalCredentials.writeOwnerOnly(config, properties);
            if (!Files.exists(logDirs.resolve("meta.properties"))) {
                String clusterId = Uuid.randomUuid().toString();
                log.info("formatting the KRaft storage in {} (cluster id {})", logDirs, clusterId);
                List<String> format = new java.util.ArrayList<>(List.of("kafka.tools.StorageTool", "format",
                        "--standalone", "-t", clusterId, "-c", config.toString()));
                if (credentials != null) {
                    // the admin's SCRAM credential goes into the metadata log at format time: the broker can
                    // authenticate to itself (inter-broker listener) before any user exists
                    format.addAll(List.of("--add-scram", LocalCredentials.MECHANISM + "=[name="
                            + io.causalstream.runtime.ServiceAcls.ADMIN_USER + ",password="
                            + credentials.password(io.causalstream.runtime.ServiceAcls.ADMIN_USER) + "]"));
                }
                run(classpath, logFile, format);
            }
            Process p = new ProcessBuilder(ChildProcesses.inOwnSession(
                    command(classpath, List.of("kafka.Kafka", config.toString()))))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
            KafkaBrokerProcess broker = new KafkaBrokerProcess(p, port, logFile, credentials);
            broker.awaitReady();
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the Kafka broker", e);
        }
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** True when clients must authenticate (SASL SCRAM-SHA-512) and ACLs apply. */
    public boolean secure() {
        return credentials != null;
    }

    /** The admin client's connection settings: bootstrap servers, and the admin's SASL login when secured. */
    public Map<String, Object> adminConnection() {
        Map<String, Object> p = new java.util.HashMap<>();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        if (credentials != null) {
            p.put("security.protocol", credentials.protocol());
            if (credentials.tls() != null) {
                p.putAll(credentials.tls().clientProperties());
            }
            p.put("sasl.mechanism", LocalCredentials.MECHANISM);
            p.put("sasl.jaas.config", scramJaas(io.causalstream.runtime.ServiceAcls.ADMIN_USER,
                    credentials.password(io.causalstream.runtime.ServiceAcls.ADMIN_USER)));
        }
        return p;
    }

    public long pid() {
        return process.pid();
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        Map<String, Object> probe = adminConnection();
        probe.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000);
        probe.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000);
        try (Admin admin = Admin.create(probe)) {
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

    /**
     * Replaces the PLAINTEXT listeners of {@link #serverProperties} (later keys win in a properties file): a
     * SASL_PLAINTEXT client listener with SCRAM-SHA-512 (also the inter-broker listener, as the admin), a
     * SASL_PLAINTEXT controller listener with PLAIN (SCRAM credentials live in the metadata the controller serves,
     * so the controller cannot use them itself), the StandardAuthorizer and the admin as the one super user.
     */
    static String securityProperties(int port, int controllerPort, LocalCredentials credentials) {
        String admin = io.causalstream.runtime.ServiceAcls.ADMIN_USER;
        String password = credentials.password(admin);
        String client = CLIENT_LISTENER.toLowerCase(java.util.Locale.ROOT);
        String controller = CONTROLLER_LISTENER.toLowerCase(java.util.Locale.ROOT);
        return String.join("\n",
                "# run-local --secure: SASL (SCRAM-SHA-512) for clients, ACLs, one super user",
                "listeners=" + CLIENT_LISTENER + "://127.0.0.1:" + port + "," + CONTROLLER_LISTENER + "://127.0.0.1:"
                        + controllerPort,
                "advertised.listeners=" + CLIENT_LISTENER + "://127.0.0.1:" + port + "," + CONTROLLER_LISTENER
                        + "://127.0.0.1:" + controllerPort,
                "listener.security.protocol.map=" + CLIENT_LISTENER + ":" + credentials.protocol() + ","
                        + CONTROLLER_LISTENER + ":SASL_PLAINTEXT",
                "inter.broker.listener.name=" + CLIENT_LISTENER,
                "sasl.enabled.mechanisms=" + LocalCredentials.MECHANISM,
                "sasl.mechanism.inter.broker.protocol=" + LocalCredentials.MECHANISM,
                "sasl.mechanism.controller.protocol=PLAIN",
                "listener.name." + client + ".sasl.enabled.mechanisms=" + LocalCredentials.MECHANISM,
                "listener.name." + client + "." + LocalCredentials.MECHANISM.toLowerCase(java.util.Locale.ROOT)
                        + ".sasl.jaas.config=" + scramJaas(admin, password),
                "listener.name." + controller + ".sasl.enabled.mechanisms=PLAIN",
                "listener.name." + controller + ".plain.sasl.jaas.config="
                        + "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + admin
                        + "\" password=\"" + password + "\" user_" + admin + "=\"" + password + "\";",
                "authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer",
                "super.users=User:" + admin,
                "allow.everyone.if.no.acl.found=false",
                "") + (credentials.tls() == null ? "" : credentials.tls().brokerProperties().entrySet().stream()
                .map(e -> "listener.name." + client + "." + e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining("\n", "# TLS on the client listener (self-signed, --tls)\n",
                        "\n")));
    }

    static String scramJaas(String user, String password) {
        return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + user
                + "\" password=\"" + password + "\";";
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
