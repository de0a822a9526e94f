package io.causalstream.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.KafkaClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalCredentialsTest {

    @TempDir
    Path dir;

    @Test
    void passwordsAreRandomKeptOwnerOnlyAndReusedOnTheNextStart() throws Exception {
        LocalCredentials first = LocalCredentials.loadOrCreate(dir, List.of("scorer-service", "elo-service"), false);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.file()))).isEqualTo("rw-------");
        assertThat(first.password("scorer-service")).hasSize(32).isNotEqualTo(first.password("elo-service"));
        assertThat(first.users()).containsOnlyKeys("scorer-service", "elo-service");

        LocalCredentials again = LocalCredentials.loadOrCreate(dir, List.of("scorer-service", "elo-service"), false);
        assertThat(again.password("scorer-service")).isEqualTo(first.password("scorer-service"));
        assertThat(again.password("admin")).isEqualTo(first.password("admin"));
    }

    @Test
    void rotationRenewsEveryUserButTheAdmin() {
        LocalCredentials before = LocalCredentials.loadOrCreate(dir, List.of("scorer-service"), false);
        LocalCredentials after = LocalCredentials.loadOrCreate(dir, List.of("scorer-service"), true);
        assertThat(after.password("scorer-service")).isNotEqualTo(before.password("scorer-service"));
        assertThat(after.password("admin")).isEqualTo(before.password("admin"));
        assertThat(LocalCredentials.loadOrCreate(dir, List.of("scorer-service"), false).password("scorer-service"))
                .isEqualTo(after.password("scorer-service"));
    }

    @Test
    void theToolsConfigFileIsReadBackAsCommonSettings() throws Exception {
        LocalCredentials c = LocalCredentials.loadOrCreate(dir, List.of("causal-stream-cli"), false);
        Path file = c.writeClientConfig(dir.resolve("cli.properties"), "causal-stream-cli",
                Map.of(Config.BOOTSTRAP_SERVERS, "127.0.0.1:19092"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        var props = new java.util.Properties();
        try (var in = Files.newInputStream(file)) {
            props.load(in);
        }
        Map<String, String> values = new java.util.HashMap<>();
        props.stringPropertyNames().forEach(k -> values.put(k, props.getProperty(k)));
        CommonSettings s = CommonSettings.from(Config.of(values), "cli", 0);
        Map<String, Object> client = KafkaClients.properties(s);
        assertThat(client).containsEntry("bootstrap.servers", "127.0.0.1:19092")
                .containsEntry("security.protocol", "SASL_PLAINTEXT").containsEntry("sasl.mechanism", "SCRAM-SHA-512");
        assertThat((String) client.get("sasl.jaas.config")).contains("username=\"causal-stream-cli\"")
                .contains(c.password("causal-stream-cli"));
    }

    @Test
    void theSecuredBrokerHasNoPlaintextListenerAndOneSuperUser() {
        LocalCredentials c = LocalCredentials.loadOrCreate(dir, List.of(), false);
        String p = KafkaBrokerProcess.securityProperties(19092, 19093, c);
        assertThat(p).contains("listener.security.protocol.map=CLIENT:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT")
                .contains("sasl.enabled.mechanisms=SCRAM-SHA-512")
                .contains("authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .contains("super.users=User:admin\n").contains("allow.everyone.if.no.acl.found=false");
        assertThat(p.lines().filter(l -> l.startsWith("listeners="))).containsExactly(
                "listeners=CLIENT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093");
    }

    @Test
    void tlsStoresAreMadeOnceWithTheJdksKeytoolAndTheListenerBecomesSaslSsl() throws Exception {
        LocalTls tls = LocalTls.loadOrCreate(dir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("tls"))))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tls.truststore())))
                .isEqualTo("rw-------");
        var trust = java.security.KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(tls.truststore())) {
            trust.load(in, ((String) tls.clientProperties().get("ssl.truststore.password")).toCharArray());
        }
        var cert = (java.security.cert.X509Certificate) trust.getCertificate("broker");
        assertThat(cert.getSubjectAlternativeNames()).anySatisfy(san -> assertThat(san.get(1)).isEqualTo("127.0.0.1"));
        // a restart finds the same stores
        assertThat(LocalTls.loadOrCreate(dir).clientSettings()).isEqualTo(tls.clientSettings());

        LocalCredentials c = LocalCredentials.loadOrCreate(dir, List.of("elo-service"), false).withTls(tls);
        assertThat(c.clientSettings("elo-service")).containsEntry(CommonSettings.SECURITY_PROTOCOL, "SASL_SSL")
                .containsEntry(CommonSettings.SSL_TRUSTSTORE_TYPE, "PKCS12");
        String p = KafkaBrokerProcess.securityProperties(19092, 19093, c);
        assertThat(p).contains("listener.security.protocol.map=CLIENT:SASL_SSL,CONTROLLER:SASL_PLAINTEXT")
                .contains("listener.name.client.ssl.keystore.location=" + dir.resolve("tls").resolve("broker.p12")
                        .toAbsolutePath());
    }
}
