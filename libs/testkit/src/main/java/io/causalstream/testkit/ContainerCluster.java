package io.causalstream.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Properties;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The broker and registry as containers, for machines with a Docker engine: the KRaft {@code apache/kafka} image (the
 * same Kafka version as the client jars) and Apicurio Registry (the same version as the Maven Central distribution
 * the in-JVM path runs), which serves the Confluent-compatible API the serdes use.
 */
final class ContainerCluster implements AutoCloseable {

    /** The tags the build wrote from the pom's {@code kafka.version} and {@code apicurio.registry.version}. */
    private static final Properties TAGS = tags();

    static final String KAFKA_IMAGE = "apache/kafka:" + System.getProperty("causalstream.test.kafka.image.tag",
            TAGS.getProperty("kafka.image.tag"));
    static final String REGISTRY_IMAGE = "apicurio/apicurio-registry:"
            + System.getProperty("causalstream.test.registry.image.tag", TAGS.getProperty("registry.image.tag"));

    private static Properties tags() {
        Properties p = new Properties();
        try (InputStream in = ContainerCluster.class.getResourceAsStream("container-images.properties")) {
            if (in == null) {
                throw new IllegalStateException("container-images.properties is missing: build the testkit with Maven");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    private final Network network = Network.newNetwork();
    private final KafkaContainer kafka;
    private final GenericContainer<?> registry;

    ContainerCluster() {
        kafka = new KafkaContainer(DockerImageName.parse(KAFKA_IMAGE)).withNetwork(network);
        registry = new GenericContainer<>(DockerImageName.parse(REGISTRY_IMAGE))
                .withNetwork(network)
                .withExposedPorts(8080)
                .waitingFor(Wait.forHttp("/apis/ccompat/v7/subjects").forStatusCode(200)
                        .withStartupTimeout(Duration.ofMinutes(2)));
        kafka.start();
        registry.start();
    }

    String bootstrapServers() {
        return kafka.getBootstrapServers();
    }

    String registryUrl() {
        return "http://" + registry.getHost() + ":" + registry.getMappedPort(8080);
    }

    @Override
    public void close() {
        registry.stop();
        kafka.stop();
        network.close();
    }
}
