package io.causalstream.testkit;

import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.RegistryAdmin;
import io.causalstream.runtime.TopicSetup;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JUnit 5 extension: a real Kafka broker (KRaft, in this JVM, via {@link KafkaClusterTestKit}) and a real schema
 * registry (Apicurio, a child process), started once per test JVM and shared by every test class that uses it;
 * stopped when the JVM's test run ends. Inject {@link TestCluster} into a test method or constructor.
 *
 * <p>Where they come from is {@link ClusterChoice}: an external cluster when {@code KAFKA_BOOTSTRAP_SERVERS} and
 * {@code SCHEMA_REGISTRY_URL} are set, Testcontainers when a Docker engine answers, else the in-JVM broker and the
 * registry process; the choice is logged once.
 */
public final class KafkaTestCluster implements BeforeAllCallback, ParameterResolver {

    private static final Logger log = LoggerFactory.getLogger(KafkaTestCluster.class);
    private static final String STORE_KEY = KafkaTestCluster.class.getName();

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TestCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return cluster(context);
    }

    private static TestCluster cluster(ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(STORE_KEY, k -> startOrConnect(), Running.class).cluster();
    }

    /** Closed by JUnit when the root context closes, i.e. at the end of the test run of this JVM. */
    private record Running(TestCluster cluster, AutoCloseable broker, AutoCloseable registry)
            implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        @Override
        public void close() throws Exception {
            if (registry != null) {
                registry.close();
            }
            if (broker != null) {
                broker.close();
            }
        }
    }

    private static Running startOrConnect() {
        ClusterChoice choice = ClusterChoice.choose(System.getenv(), System.getProperty(ClusterChoice.FORCE_PROPERTY),
                () -> ClusterChoice.dockerAvailable(System.getenv()));
        log.info("test cluster: {}", switch (choice) {
            case EXTERNAL -> "the external cluster named by KAFKA_BOOTSTRAP_SERVERS and SCHEMA_REGISTRY_URL";
            case CONTAINERS -> "Testcontainers (" + ContainerCluster.KAFKA_IMAGE + ", " + ContainerCluster.REGISTRY_IMAGE
                    + "): a Docker engine answers";
            case IN_JVM -> "in-JVM KRaft broker and the registry distribution as a child process (no Docker engine)";
        });
        if (choice == ClusterChoice.EXTERNAL) {
            String externalBootstrap = System.getenv(Config.envName(Config.BOOTSTRAP_SERVERS));
            String externalRegistry = System.getenv(Config.envName(Config.SCHEMA_REGISTRY_URL));
            TopicSetup.createAll(externalBootstrap, 1, (short) 1);
            new RegistryAdmin(externalRegistry).requireBackwardCompatibility();
            return new Running(new TestCluster(externalBootstrap, externalRegistry), null, null);
        }
        if (choice == ClusterChoice.CONTAINERS) {
            ContainerCluster containers = new ContainerCluster();
            new RegistryAdmin(containers.registryUrl()).requireBackwardCompatibility();
            TopicSetup.createAll(containers.bootstrapServers(), 1, (short) 1);
            return new Running(new TestCluster(containers.bootstrapServers(), containers.registryUrl()), containers,
                    null);
        }
        try {
            long t0 = System.nanoTime();
            KafkaClusterTestKit broker = InJvmBroker.start(Map.of("num.partitions", "1"));
            log.info("in-JVM Kafka broker ready at {} in {} ms", broker.bootstrapServers(),
                    (System.nanoTime() - t0) / 1_000_000);

            SchemaRegistryProcess registry = SchemaRegistryProcess.start(registryArchive(),
                    SchemaRegistryProcess.defaultInstallDir(registryArchive()),
                    LocalPorts.pickFree(), Path.of("target", "schema-registry.log"));
            new RegistryAdmin(registry.url()).requireBackwardCompatibility();
            TopicSetup.createAll(broker.bootstrapServers(), 1, (short) 1);
            return new Running(new TestCluster(broker.bootstrapServers(), registry.url()), broker, registry);
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the test Kafka cluster and schema registry: "
                    + e.getMessage(), e);
        }
    }

    /** The registry distribution Maven resolved for the tests (for a test that starts a registry of its own). */
    public static Path registryArchive() {
        String path = System.getProperty("apicurio.registry.archive");
        if (path == null || path.startsWith("${")) {
            throw new IllegalStateException("system property apicurio.registry.archive is not set: run the tests "
                    + "through Maven (the module must depend on io.apicurio:apicurio-registry-app:tar.gz:all, test "
                    + "scope, and run dependency:properties), or set KAFKA_BOOTSTRAP_SERVERS and SCHEMA_REGISTRY_URL");
        }
        return Path.of(path);
    }
}
