package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CommonSettingsTest {

    private static CommonSettings read(Map<String, String> values) {
        return CommonSettings.from(Config.of(values), "some-service", 7099);
    }

    @Test
    void defaults() {
        CommonSettings s = read(Map.of());
        assertThat(s.bootstrapServers()).isEqualTo("localhost:9092");
        assertThat(s.schemaRegistryUrl()).isEqualTo("http://localhost:8085");
        assertThat(s.httpHost()).isEqualTo("127.0.0.1");
        assertThat(s.httpPort()).isEqualTo(7099);
        assertThat(s.advertisedHost()).isNull();
        assertThat(s.applicationServer()).isNull();
        assertThat(s.applicationId()).isEqualTo("some-service");
        assertThat(s.stateDir()).isNull();
        assertThat(s.security()).isEqualTo(KafkaSecurity.PLAINTEXT);
        assertThat(s.registryCredentials().present()).isFalse();
    }

    @Test
    void everyKeyIsRead() {
        CommonSettings s = read(Map.ofEntries(
                Map.entry("kafka.bootstrap.servers", "b1:9093,b2:9093"),
                Map.entry("schema.registry.url", "https://registry:8443"),
                Map.entry("schema.registry.username", "reg"),
                Map.entry("schema.registry.password", "reg-secret"),
                Map.entry("http.host", "127.0.0.1"),
                Map.entry("http.port", "8080"),
                Map.entry("http.advertised.host", "svc-0.svc"),
                Map.entry("application.id", "app-a"),
                Map.entry("state.dir", "/var/lib/x"),
                Map.entry("kafka.security.protocol", "sasl_ssl"),
                Map.entry("kafka.sasl.mechanism", "SCRAM-SHA-512"),
                Map.entry("kafka.sasl.username", "alice"),
                Map.entry("kafka.sasl.password", "pa\"ss"),
                Map.entry("kafka.ssl.truststore.location", "/etc/kafka/trust.p12"),
                Map.entry("kafka.ssl.truststore.password", "tpw"),
                Map.entry("kafka.ssl.truststore.type", "PKCS12")));
        assertThat(s.bootstrapServers()).isEqualTo("b1:9093,b2:9093");
        assertThat(s.schemaRegistryUrl()).isEqualTo("https://registry:8443");
        assertThat(s.registryCredentials()).isEqualTo(new RegistryCredentials("reg", "reg-secret"));
        assertThat(s.httpHost()).isEqualTo("127.0.0.1");
        assertThat(s.httpPort()).isEqualTo(8080);
        assertThat(s.applicationServer()).isEqualTo("svc-0.svc:8080");
        assertThat(s.applicationId()).isEqualTo("app-a");
        assertThat(s.stateDir()).isEqualTo("/var/lib/x");
        assertThat(s.security().clientProperties())
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                // the quote in the password is escaped so the JAAS line stays one value
                .containsEntry("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule "
                        + "required username=\"alice\" password=\"pa\\\"ss\";")
                .containsEntry("ssl.truststore.location", "/etc/kafka/trust.p12")
                .containsEntry("ssl.truststore.password", "tpw")
                .containsEntry("ssl.truststore.type", "PKCS12")
                .doesNotContainKey("ssl.keystore.location");
        // settings get logged: no secret in their text
        assertThat(s.toString()).doesNotContain("reg-secret").doesNotContain("pa\"ss").doesNotContain("tpw");
    }

    @Test
    void registryRetryPolicyIsReadWithDefaults() {
        assertThat(read(Map.of()).registryRetry()).isEqualTo(io.causalstream.serde.RetryingDeserializer.Policy.DEFAULT);
        var p = read(Map.of("schema.registry.retry.budget.ms", "180000",
                "schema.registry.unknown.id.confirm.ms", "2000",
                "schema.registry.unknown.id.cache.ms", "5000")).registryRetry();
        assertThat(p.transientBudget()).isEqualTo(java.time.Duration.ofMinutes(3));
        assertThat(p.unknownIdConfirmation()).isEqualTo(java.time.Duration.ofSeconds(2));
        assertThat(p.unknownIdMemory()).isEqualTo(java.time.Duration.ofSeconds(5));
        assertThat(read(Map.of()).registryRetry().unknownIdMemory()).isEqualTo(java.time.Duration.ofMinutes(1));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> read(Map.of("schema.registry.retry.budget.ms", "-1")))
                .hasMessageContaining("SCHEMA_REGISTRY_RETRY_BUDGET_MS");
    }

    @Test
    void environmentVariableNamesFollowTheKeys() {
        assertThat(Config.envName(CommonSettings.SECURITY_PROTOCOL)).isEqualTo("KAFKA_SECURITY_PROTOCOL");
        assertThat(Config.envName(CommonSettings.SASL_JAAS_CONFIG)).isEqualTo("KAFKA_SASL_JAAS_CONFIG");
        assertThat(Config.envName(CommonSettings.SSL_KEYSTORE_LOCATION)).isEqualTo("KAFKA_SSL_KEYSTORE_LOCATION");
        assertThat(Config.envName(CommonSettings.REGISTRY_USERNAME)).isEqualTo("SCHEMA_REGISTRY_USERNAME");
        assertThat(Config.envName(CommonSettings.HTTP_ADVERTISED_HOST)).isEqualTo("HTTP_ADVERTISED_HOST");
    }

    @Test
    void saslWithAFullJaasLineAndPlainDefaultMechanism() {
        CommonSettings s = read(Map.of("kafka.security.protocol", "SASL_PLAINTEXT",
                "kafka.sasl.jaas.config", "custom required;"));
        assertThat(s.security().clientProperties()).containsEntry("sasl.mechanism", "PLAIN")
                .containsEntry("sasl.jaas.config", "custom required;");
        CommonSettings plain = read(Map.of("kafka.security.protocol", "SASL_SSL",
                "kafka.sasl.username", "u", "kafka.sasl.password", "p"));
        assertThat(plain.security().saslJaasConfig()).isEqualTo(
                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\" password=\"p\";");
    }

    /** One passage limit for every service, read from one key. */
    @Test
    void thePassageLimitIsOneCommonKey() {
        assertThat(read(Map.of()).passageMaxChars()).isEqualTo(20_000);
        CommonSettings s = read(Map.of("passage.max.chars", "1200"));
        assertThat(s.passageMaxChars()).isEqualTo(1200);
        assertThat(s.passageTooLong("x".repeat(1200))).isFalse();
        assertThat(s.passageTooLong("x".repeat(1201))).isTrue();
        assertThat(s.advertisedAt("h", 1).passageMaxChars()).isEqualTo(1200);
        assertThat(s.orDefaults("h", "/tmp/x").passageMaxChars()).isEqualTo(1200);
        assertThatThrownBy(() -> read(Map.of("passage.max.chars", "0")))
                .hasMessage("config passage.max.chars (PASSAGE_MAX_CHARS) must be at least 1, got 0");
    }

    @Test
    void badValuesNameTheKeyAndTheEnvironmentVariable() {
        assertThatThrownBy(() -> read(Map.of("http.port", "70000")))
                .hasMessage("config http.port (HTTP_PORT) must be 0..65535, got 70000");
        assertThatThrownBy(() -> read(Map.of("http.port", "many")))
                .hasMessageContaining("http.port").hasMessageContaining("HTTP_PORT");
        assertThatThrownBy(() -> read(Map.of("schema.registry.url", "registry:8085")))
                .hasMessageStartingWith("config schema.registry.url (SCHEMA_REGISTRY_URL) must be an http");
        assertThatThrownBy(() -> read(Map.of("kafka.security.protocol", "TLS")))
                .hasMessageStartingWith("config kafka.security.protocol (KAFKA_SECURITY_PROTOCOL) must be one of");
        assertThatThrownBy(() -> read(Map.of("kafka.sasl.username", "u", "kafka.sasl.password", "p")))
                .hasMessageStartingWith("config kafka.sasl.username (KAFKA_SASL_USERNAME) is set but");
        assertThatThrownBy(() -> read(Map.of("kafka.security.protocol", "SASL_SSL", "kafka.sasl.username", "u")))
                .hasMessage("config kafka.sasl.password (KAFKA_SASL_PASSWORD) must be set together with "
                        + "kafka.sasl.username");
        assertThatThrownBy(() -> read(Map.of("kafka.security.protocol", "SASL_SSL")))
                .hasMessageStartingWith("config kafka.sasl.username (KAFKA_SASL_USERNAME) must be set");
        assertThatThrownBy(() -> read(Map.of("kafka.security.protocol", "SASL_SSL", "kafka.sasl.mechanism",
                "OAUTHBEARER", "kafka.sasl.username", "u", "kafka.sasl.password", "p")))
                .hasMessageStartingWith("config kafka.sasl.mechanism (KAFKA_SASL_MECHANISM) OAUTHBEARER takes no");
        assertThatThrownBy(() -> read(Map.of("kafka.ssl.truststore.location", "/t.p12")))
                .hasMessageStartingWith("config kafka.ssl.truststore.location (KAFKA_SSL_TRUSTSTORE_LOCATION) is "
                        + "set but");
        assertThatThrownBy(() -> read(Map.of("schema.registry.password", "p")))
                .hasMessage("config schema.registry.username (SCHEMA_REGISTRY_USERNAME) must be set together with "
                        + "schema.registry.password");
    }
}
