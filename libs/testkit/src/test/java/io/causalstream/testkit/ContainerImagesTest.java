package io.causalstream.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/** The container images are the versions the build uses elsewhere, read from the pom, not written by hand. */
class ContainerImagesTest {

    @Test
    void theBrokerImageIsTheKafkaOfTheClientJars() throws URISyntaxException {
        // .../org/apache/kafka/kafka-clients/<version>/kafka-clients-<version>.jar (Kafka 4.4 made AppInfoParser internal)
        Path jar = Path.of(KafkaProducer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String version = jar.getParent().getFileName().toString();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(ContainerCluster.KAFKA_IMAGE).isEqualTo("apache/kafka:" + version);
    }

    @Test
    void theRegistryImageIsTheVersionOfTheDistributionTheInJvmPathRuns() {
        // .../io/apicurio/apicurio-registry-app/<version>/apicurio-registry-app-<version>-all.tar.gz
        String version = KafkaTestCluster.registryArchive().getParent().getFileName().toString();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(ContainerCluster.REGISTRY_IMAGE).isEqualTo("apicurio/apicurio-registry:" + version);
    }
}
