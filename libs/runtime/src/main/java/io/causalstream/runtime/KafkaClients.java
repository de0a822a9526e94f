package io.causalstream.runtime;

import io.causalstream.serde.AvroSerdes;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;

/**
 * The one place a Kafka client's connection is configured: bootstrap servers and security for producers,
 * consumers and admin clients; registry URL and credentials for the serdes' registry client.
 */
public final class KafkaClients {

    /** Apicurio's registry-client keys (io.apicurio.registry.resolver.config.SchemaResolverConfig). */
    static final String REGISTRY_AUTH_USERNAME = "apicurio.registry.auth.username";
    static final String REGISTRY_AUTH_PASSWORD = "apicurio.registry.auth.password";

    /** Bootstrap servers and security, to which a client adds its own settings. A fresh, mutable map. */
    public static Map<String, Object> properties(CommonSettings settings) {
        Map<String, Object> p = new HashMap<>();
        p.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.putAll(settings.security().clientProperties());
        return p;
    }

    /** The serdes' registry client settings beyond the URL: the basic-auth credentials, if any. */
    public static Map<String, Object> registryClientConfig(CommonSettings settings) {
        RegistryCredentials c = settings.registryCredentials();
        if (!c.present()) {
            return Map.of();
        }
        return Map.of(REGISTRY_AUTH_USERNAME, c.username(), REGISTRY_AUTH_PASSWORD, c.password());
    }

    /** Avro serdes against the configured registry, credentials and retry policy passed through. */
    public static AvroSerdes serdes(CommonSettings settings) {
        return new AvroSerdes(settings.schemaRegistryUrl(), registryClientConfig(settings), settings.registryRetry());
    }

    /** Registry administration with the configured credentials. */
    public static RegistryAdmin registryAdmin(CommonSettings settings) {
        return new RegistryAdmin(settings.schemaRegistryUrl(), settings.registryCredentials());
    }

    private KafkaClients() {
    }
}
