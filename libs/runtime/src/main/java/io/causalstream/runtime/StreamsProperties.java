package io.causalstream.runtime;

import io.causalstream.deadletter.DeadLetterExceptionHandler;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The one base Kafka Streams configuration of every service, built in three layers, later ones winning:
 * the base (exactly-once v2, the contract's dead-letter handler, connection and security, state dir,
 * {@code application.server}, registry settings), the service's own defaults, then the operator's
 * {@code kafka.streams.*} overrides.
 */
public final class StreamsProperties {

    /** Base configuration plus the operator's overrides. */
    public static Properties of(CommonSettings settings, Map<String, String> overrides) {
        return of(settings, Map.of(), overrides);
    }

    /**
     * @param serviceDefaults the service's own settings (may hold objects, e.g. a listener instance)
     * @param overrides       {@code kafka.streams.*}, prefix removed; applied last
     */
    public static Properties of(CommonSettings settings, Map<String, ?> serviceDefaults,
                                Map<String, String> overrides) {
        Properties p = new Properties();
        p.putAll(KafkaClients.properties(settings));
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, settings.applicationId());
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        DeadLetterExceptionHandler.installInto(p);
        if (settings.stateDir() != null) {
            p.put(StreamsConfig.STATE_DIR_CONFIG, settings.stateDir());
        }
        if (settings.applicationServer() != null) {
            p.put(StreamsConfig.APPLICATION_SERVER_CONFIG, settings.applicationServer());
        }
        // the serdes are configured explicitly; kept here so everything a Streams instance talks to is in one place
        p.put("schema.registry.url", settings.schemaRegistryUrl());
        p.putAll(KafkaClients.registryClientConfig(settings));
        p.putAll(serviceDefaults);
        p.putAll(overrides);
        return p;
    }

    private StreamsProperties() {
    }
}
