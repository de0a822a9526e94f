package io.causalstream.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;

/** The container images are the versions the build uses elsewhere, read from the pom, not written by hand. */
class ContainerImagesTest {

    @Test
    void theBrokerImageIsTheKafkaOfTheClientJars() {
        assertThat(ContainerCluster.KAFKA_IMAGE).isEqualTo("apache/kafka:" + AppInfoParser.getVersion());
    }

    @Test
    void theRegistryImageIsTheVersionOfTheDistributionTheInJvmPathRuns() {
        // .../io/apicurio/apicurio-registry-app/<version>/apicurio-registry-app-<version>-all.tar.gz
        String version = KafkaTestCluster.registryArchive().getParent().getFileName().toString();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(ContainerCluster.REGISTRY_IMAGE).isEqualTo("apicurio/apicurio-registry:" + version);
    }
}
