package io.causalstream.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ClusterChoiceTest {

    private static final Map<String, String> EXTERNAL = Map.of("KAFKA_BOOTSTRAP_SERVERS", "b:9092",
            "SCHEMA_REGISTRY_URL", "http://r:8080");

    @Test
    void anExternalClusterWinsAndDockerIsNotAsked() {
        AtomicInteger asked = new AtomicInteger();
        assertThat(ClusterChoice.choose(EXTERNAL, null, () -> asked.incrementAndGet() > 0))
                .isEqualTo(ClusterChoice.EXTERNAL);
        assertThat(asked).hasValue(0);
    }

    @Test
    void onlyHalfAnExternalClusterIsNotOne() {
        assertThat(ClusterChoice.choose(Map.of("KAFKA_BOOTSTRAP_SERVERS", "b:9092"), null, () -> false))
                .isEqualTo(ClusterChoice.IN_JVM);
    }

    @Test
    void containersWhenDockerAnswersInJvmOtherwise() {
        assertThat(ClusterChoice.choose(Map.of(), null, () -> true)).isEqualTo(ClusterChoice.CONTAINERS);
        assertThat(ClusterChoice.choose(Map.of(), null, () -> false)).isEqualTo(ClusterChoice.IN_JVM);
    }

    @Test
    void aForcedChoiceIsTakenWithoutAskingDocker() {
        assertThat(ClusterChoice.choose(Map.of(), "in-jvm", () -> { throw new AssertionError("asked"); }))
                .isEqualTo(ClusterChoice.IN_JVM);
        assertThat(ClusterChoice.choose(Map.of(), "Containers", () -> false)).isEqualTo(ClusterChoice.CONTAINERS);
        assertThatThrownBy(() -> ClusterChoice.choose(Map.of(), "podman", () -> false))
                .hasMessageContaining("causalstream.test.cluster");
    }

    @Test
    void thisMachineHasNoDockerEngineSoTheInJvmPathRuns() {
        // the CI machines have the docker client but no engine: the probe must say no, quickly
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("DOCKER_HOST") == null
                && !java.nio.file.Files.exists(java.nio.file.Path.of("/var/run/docker.sock")),
                "a Docker engine may be present here");
        assertThat(ClusterChoice.dockerAvailable(System.getenv())).isFalse();
        assertThat(ClusterChoice.choose(Map.of(), null, () -> ClusterChoice.dockerAvailable(Map.of())))
                .isEqualTo(ClusterChoice.IN_JVM);
    }
}
