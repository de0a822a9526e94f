package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetterExceptionHandler;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class StreamsPropertiesTest {

    private static CommonSettings settings(Map<String, String> values) {
        return CommonSettings.from(Config.of(values), "app", 7000);
    }

    @Test
    void baseIsExactlyOnceWithDeadLettersSecurityAndRegistry() {
        CommonSettings s = settings(Map.of("kafka.bootstrap.servers", "broker:9093", "state.dir", "/var/lib/app",
                "kafka.security.protocol", "SSL", "kafka.ssl.truststore.location", "/trust.p12",
                "schema.registry.url", "http://registry:8080", "schema.registry.username", "u",
                "schema.registry.password", "p"));
        Properties p = StreamsProperties.of(s.advertisedAt("app-0.app", 7001), Map.of());
        assertThat(p).containsEntry(StreamsConfig.APPLICATION_ID_CONFIG, "app")
                .containsEntry(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "broker:9093")
                .containsEntry(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2)
                .containsEntry(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                        DeadLetterExceptionHandler.class)
                .containsEntry(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG,
                        DeadLetterExceptionHandler.class)
                .containsEntry(StreamsConfig.STATE_DIR_CONFIG, "/var/lib/app")
                .containsEntry(StreamsConfig.APPLICATION_SERVER_CONFIG, "app-0.app:7001")
                .containsEntry(StreamsConfig.SECURITY_PROTOCOL_CONFIG, "SSL")
                .containsEntry("ssl.truststore.location", "/trust.p12")
                .containsEntry("schema.registry.url", "http://registry:8080")
                .containsEntry(KafkaClients.REGISTRY_AUTH_USERNAME, "u")
                .containsEntry(KafkaClients.REGISTRY_AUTH_PASSWORD, "p");
    }

    @Test
    void noAdvertisedHostNoStateDirLeavesStreamsDefaults() {
        Properties p = StreamsProperties.of(settings(Map.of()), Map.of());
        assertThat(p).doesNotContainKey(StreamsConfig.APPLICATION_SERVER_CONFIG)
                .doesNotContainKey(StreamsConfig.STATE_DIR_CONFIG)
                .containsEntry(StreamsConfig.SECURITY_PROTOCOL_CONFIG, "PLAINTEXT");
    }

    @Test
    void serviceDefaultsThenOperatorOverridesWin() {
        Properties p = StreamsProperties.of(settings(Map.of()),
                Map.of(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, 2000L, StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 50L),
                Map.of("processing.guarantee", "at_least_once", "commit.interval.ms", "100"));
        assertThat(p).containsEntry(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, "at_least_once")
                .containsEntry(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, 2000L)
                .containsEntry(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "100");
    }

    @Test
    void clientPropertiesCarrySecurityAndSerdesCarryCredentials() {
        CommonSettings s = settings(Map.of("kafka.security.protocol", "SASL_SSL", "kafka.sasl.username", "u",
                "kafka.sasl.password", "p", "schema.registry.username", "r", "schema.registry.password", "q"));
        assertThat(KafkaClients.properties(s)).containsEntry("bootstrap.servers", "localhost:9092")
                .containsEntry("security.protocol", "SASL_SSL").containsEntry("sasl.mechanism", "PLAIN")
                .containsKey("sasl.jaas.config");
        assertThat(KafkaClients.registryClientConfig(s)).containsEntry("apicurio.registry.auth.username", "r")
                .containsEntry("apicurio.registry.auth.password", "q");
        assertThat(KafkaClients.registryClientConfig(settings(Map.of()))).isEmpty();
    }
}
