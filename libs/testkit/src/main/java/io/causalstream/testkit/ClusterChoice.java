package io.causalstream.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Where the tests' broker and registry come from, decided once per test JVM:
 * <ol>
 *   <li>{@link #EXTERNAL}: {@code KAFKA_BOOTSTRAP_SERVERS} and {@code SCHEMA_REGISTRY_URL} are both set;</li>
 *   <li>{@link #CONTAINERS}: a Docker engine answers (Testcontainers: an {@code apache/kafka} KRaft image and an
 *       Apicurio Registry image);</li>
 *   <li>{@link #IN_JVM}: otherwise, Kafka's own {@code KafkaClusterTestKit} in this JVM and the registry's Maven
 *       Central distribution as a child process.</li>
 * </ol>
 * {@code -Dcausalstream.test.cluster=in-jvm|containers} forces a choice (e.g. to compare both on one machine).
 */
public enum ClusterChoice {
    EXTERNAL, CONTAINERS, IN_JVM;

    public static final String FORCE_PROPERTY = "causalstream.test.cluster";

    /**
     * @param env             the process environment
     * @param forced          the value of {@link #FORCE_PROPERTY}, or null
     * @param dockerAvailable asked only when nothing else decides: it may take a second
     */
    public static ClusterChoice choose(Map<String, String> env, String forced, BooleanSupplier dockerAvailable) {
        if (env.get("KAFKA_BOOTSTRAP_SERVERS") != null && env.get("SCHEMA_REGISTRY_URL") != null) {
            return EXTERNAL;
        }
        if (forced != null && !forced.isBlank()) {
            return switch (forced.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "in-jvm" -> IN_JVM;
                case "containers" -> CONTAINERS;
                default -> throw new IllegalArgumentException(FORCE_PROPERTY + " must be in-jvm or containers, got "
                        + forced);
            };
        }
        return dockerAvailable.getAsBoolean() ? CONTAINERS : IN_JVM;
    }

    /**
     * Whether a Docker engine answers. The socket / DOCKER_HOST check comes first so that machines without Docker
     * do not pay for Testcontainers' probing of every client strategy.
     */
    public static boolean dockerAvailable(Map<String, String> env) {
        boolean hint = env.get("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"));
        if (!hint) {
            return false;
        }
        try {
            return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
