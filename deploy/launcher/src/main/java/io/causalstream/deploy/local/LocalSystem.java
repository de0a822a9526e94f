package io.causalstream.deploy.local;

import io.causalstream.local.KafkaBrokerProcess;
import io.causalstream.local.LocalCredentials;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.ServiceAcls;
import io.causalstream.runtime.TopicSetup;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The infrastructure of a local run, what {@code run-local} and {@code load} start: a KRaft broker and a schema
 * registry as child processes of this JVM, and the project's topics on them. Closing stops the registry, then the
 * broker.
 */
public final class LocalSystem implements AutoCloseable {

    public static final String BROKER = "Kafka broker";
    public static final String REGISTRY = "schema registry";

    /**
     * What to start.
     *
     * @param dir            where the broker's data and the registry's log live
     * @param credentials    null: a plaintext broker; else SASL logins, and {@code acls} applied before the registry
     *                       starts (it logs in as a user of its own)
     * @param durableSchemas the registry keeps its schemas in a Kafka topic (kafkasql), so they survive a restart
     *                       like the records that use them; else in memory
     */
    public record Settings(Path dir, int kafkaPort, int controllerPort, int registryPort, int partitions,
                           LocalCredentials credentials, List<ServiceAcls.Rule> acls, boolean durableSchemas) {

        /** A plaintext system on the given ports with the registry in memory. */
        public static Settings plain(Path dir, int kafkaPort, int controllerPort, int registryPort, int partitions) {
            return new Settings(dir, kafkaPort, controllerPort, registryPort, partitions, null, List.of(), false);
        }
    }

    private final KafkaBrokerProcess broker;
    private final SchemaRegistryProcess registry;
    private final ChildPidFiles pids;

    private LocalSystem(KafkaBrokerProcess broker, SchemaRegistryProcess registry, ChildPidFiles pids) {
        this.broker = broker;
        this.registry = registry;
        this.pids = pids;
    }

    /**
     * Starts the broker, its access rules, the registry and the topics, each ready when this returns; a failure
     * stops what was started.
     *
     * @param pids where each child's pid is recorded for a later run to stop after a kill -9 (null: not recorded)
     */
    public static LocalSystem start(Settings s, ChildPidFiles pids) {
        KafkaBrokerProcess broker = KafkaBrokerProcess.start(LocalLayout.brokerClasspath(), s.dir().resolve("kafka"),
                s.kafkaPort(), s.controllerPort(), s.credentials());
        record(pids, BROKER, broker.pid());
        SchemaRegistryProcess registry = null;
        try {
            if (s.credentials() != null) {
                LocalAccessControl.apply(broker.adminConnection(), s.credentials(), s.acls());
            }
            Path archive = LocalLayout.registryArchive();
            Map<String, String> storage = s.durableSchemas()
                    ? RegistryStorage.settings(broker.bootstrapServers(), s.dir(), s.credentials()) : Map.of();
            registry = SchemaRegistryProcess.start(archive, SchemaRegistryProcess.defaultInstallDir(archive),
                    s.registryPort(), s.dir().resolve("schema-registry.log"), storage);
            record(pids, REGISTRY, registry.pid());
            TopicSetup.createAll(broker.adminConnection(), s.partitions(), (short) 1);
            return new LocalSystem(broker, registry, pids);
        } catch (RuntimeException e) {
            new LocalSystem(broker, registry, pids).close();
            throw e;
        }
    }

    public KafkaBrokerProcess broker() {
        return broker;
    }

    public SchemaRegistryProcess registry() {
        return registry;
    }

    private static void record(ChildPidFiles pids, String name, long pid) {
        if (pids != null) {
            pids.record(name, pid);
        }
    }

    @Override
    public void close() {
        if (registry != null) {
            registry.close();
            if (pids != null) {
                pids.forget(REGISTRY);
            }
        }
        broker.close();
        if (pids != null) {
            pids.forget(BROKER);
        }
    }
}
