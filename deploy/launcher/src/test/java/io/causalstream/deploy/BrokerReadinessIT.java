package io.causalstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.local.KafkaBrokerProcess;
import io.causalstream.deploy.local.LocalLayout;
import io.causalstream.local.LocalPorts;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.OpsServer;
import io.causalstream.runtime.Readiness;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The services' real readiness probes against a real broker process that is stopped and started again (same ports
 * and data): the broker check goes DOWN during the outage and UP after it, the registry check stays UP.
 */
@ExtendWith(KafkaTestCluster.class)
class BrokerReadinessIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dataDir;

    @Test
    void readinessFollowsABrokerRestart(TestCluster cluster) throws Exception {
        int port = LocalPorts.pickFree();
        int controllerPort = LocalPorts.pickFree();
        KafkaBrokerProcess broker = KafkaBrokerProcess.start(LocalLayout.brokerClasspath(), dataDir, port,
                controllerPort);
        CommonSettings settings = CommonSettings.from(Config.of(Map.of("kafka.bootstrap.servers",
                broker.bootstrapServers(), "schema.registry.url", cluster.registryUrl())), "readiness-it", 0);
        try (Readiness readiness = Readiness.of(settings)) {
            await(readiness, OpsServer.Health::up);

            broker.close();
            OpsServer.Health down = await(readiness, h -> !h.up());
            assertThat(down.details()).containsEntry("broker", "DOWN").containsEntry("registry", "UP");

            broker = KafkaBrokerProcess.start(LocalLayout.brokerClasspath(), dataDir, port, controllerPort);
            OpsServer.Health up = await(readiness, OpsServer.Health::up);
            assertThat(up.details()).containsEntry("broker", "UP").containsEntry("registry", "UP");
        } finally {
            broker.close();
        }
    }

    private static OpsServer.Health await(Readiness readiness, Predicate<OpsServer.Health> done) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        OpsServer.Health h = readiness.check(true, Map.of());
        while (!done.test(h)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("readiness never changed; last: " + h);
            }
            Thread.sleep(500);
            h = readiness.check(true, Map.of());
        }
        return h;
    }
}
