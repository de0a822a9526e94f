package io.causalstream.deploy.local;

import io.causalstream.local.LocalCredentials;
import io.causalstream.runtime.ServiceAcls;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Where the local schema registry keeps its schemas, and how it logs in to a secured broker. */
public final class RegistryStorage {

    /**
     * The registry keeps its schemas in Kafka (kafkasql storage), so they survive a restart like the records using
     * them. On a secured broker it logs in as its own user: the settings go to an owner-only file the registry
     * reads ({@code quarkus.config.locations}), not onto its command line, where any local user would see them.
     */
    public static Map<String, String> settings(String bootstrap, Path dataDir, LocalCredentials credentials) {
        Map<String, String> settings = new HashMap<>(Map.of("apicurio.storage.kind", "kafkasql",
                "apicurio.kafkasql.bootstrap.servers", bootstrap));
        if (credentials != null) {
            settings.put("quarkus.config.locations", writeKafkaLogin(dataDir, credentials).toAbsolutePath()
                    .toUri().toString());
        }
        return settings;
    }

    /** The registry's kafkasql clients' SASL settings (its producer, consumer and admin client) in a 0600 file. */
    private static Path writeKafkaLogin(Path dataDir, LocalCredentials credentials) {
        String jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + ServiceAcls.REGISTRY_USER + "\" password=\"" + credentials.password(ServiceAcls.REGISTRY_USER)
                + "\";";
        StringBuilder text = new StringBuilder("# written by run-local --secure: the schema registry's Kafka login\n");
        for (String client : List.of("producer", "consumer", "admin")) {
            String prefix = "apicurio.kafkasql." + client + ".";
            text.append(prefix).append("security.protocol=").append(credentials.protocol()).append('\n')
                    .append(prefix).append("sasl.mechanism=").append(LocalCredentials.MECHANISM).append('\n')
                    .append(prefix).append("sasl.jaas.config=").append(jaas.replace("\\", "\\\\")).append('\n');
            if (credentials.tls() != null) {
                credentials.tls().clientProperties().forEach((k, v) -> text.append(prefix).append(k).append('=')
                        .append(v).append('\n'));
            }
        }
        text.append("apicurio.kafkasql.consumer.group-prefix=").append(ServiceAcls.REGISTRY_GROUP_PREFIX).append('\n');
        Path file = dataDir.resolve("schema-registry-kafka.properties");
        LocalCredentials.writeOwnerOnly(file, text.toString());
        return file;
    }

    private RegistryStorage() {
    }
}
