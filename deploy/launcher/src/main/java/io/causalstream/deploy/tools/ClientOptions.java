package io.causalstream.deploy.tools;

import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The connection options every Kafka-using command shares (a picocli mixin): the broker, the registry and a
 * properties file, read through the same loader and {@link CommonSettings} as the services, so a command takes
 * SASL/TLS and registry credentials exactly as they do ({@code kafka.security.protocol}, {@code kafka.sasl.*},
 * {@code kafka.ssl.*}, {@code schema.registry.username/password}; as properties, system properties or environment
 * variables). {@code run-local --secure} writes such a file for the tools' user.
 */
public final class ClientOptions {

    @Option(names = "--bootstrap-servers",
            description = "Default: kafka.bootstrap.servers / KAFKA_BOOTSTRAP_SERVERS or localhost:9092")
    String bootstrap;

    @Option(names = {"--registry", "--registry-url"}, paramLabel = "URL",
            description = "Schema registry. Default: schema.registry.url / SCHEMA_REGISTRY_URL or http://localhost:8085")
    String registry;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Properties file of settings (default: the file named by CAUSAL_STREAM_CONFIG): "
                    + "kafka.bootstrap.servers, schema.registry.url, kafka.security.protocol, kafka.sasl.mechanism, "
                    + "kafka.sasl.username/password, kafka.ssl.truststore.*, schema.registry.username/password. "
                    + "Environment variables and -D system properties take precedence over the file.")
    Path config;

    public ClientOptions() {
    }

    /** These options as settings; {@code clientName} stands in for the application id the tools do not have. */
    public CommonSettings settings(String clientName) {
        Map<String, String> overrides = new HashMap<>();
        if (bootstrap != null) {
            overrides.put(Config.BOOTSTRAP_SERVERS, bootstrap);
        }
        if (registry != null) {
            overrides.put(Config.SCHEMA_REGISTRY_URL, registry);
        }
        return CommonSettings.from(Config.withOverrides(overrides, config), clientName, 0);
    }
}
