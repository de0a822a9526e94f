package io.causalstream.deploy.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.runtime.CommonSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The tools read their connection as the services do: options first, then the --config file. */
class ClientOptionsTest {

    @TempDir
    Path dir;

    @Test
    void readTopicTakesSaslSettingsFromTheConfigFileAndTheBrokerFromTheOption() throws Exception {
        Path file = Files.writeString(dir.resolve("cli.properties"), String.join("\n",
                "kafka.bootstrap.servers=file-broker:9092",
                "schema.registry.url=http://file-registry:8085",
                "kafka.security.protocol=SASL_SSL",
                "kafka.sasl.mechanism=SCRAM-SHA-512",
                "kafka.sasl.username=causal-stream-cli",
                "kafka.sasl.password=s3cret",
                "kafka.ssl.truststore.location=/etc/kafka-ca/ca.p12",
                "schema.registry.username=reader",
                "schema.registry.password=r3ader", ""));
        ReadTopic command = new ReadTopic();
        new CommandLine(command).parseArgs("ratings", "--config", file.toString(), "--bootstrap-servers", "opt:9093");
        CommonSettings s = command.client.settings("read-topic");
        assertThat(s.bootstrapServers()).isEqualTo("opt:9093");
        assertThat(s.schemaRegistryUrl()).isEqualTo("http://file-registry:8085");
        assertThat(s.security().protocol()).isEqualTo("SASL_SSL");
        assertThat(s.security().saslJaasConfig()).contains("username=\"causal-stream-cli\"").contains("s3cret");
        assertThat(s.security().truststoreLocation()).isEqualTo("/etc/kafka-ca/ca.p12");
        assertThat(s.registryCredentials().username()).isEqualTo("reader");
    }

    @Test
    void dlqReplayTakesTheSameOptions() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.properties"), "kafka.security.protocol=SASL_PLAINTEXT\n");
        DlqCommand.Replay command = new DlqCommand.Replay();
        new CommandLine(command).parseArgs("--topic", "passages.dlq", "--config", file.toString());
        // a SASL protocol without a user is refused with the key's name, as for a service
        assertThatThrownBy(() -> command.connection.settings("dlq"))
                .hasMessageContaining("kafka.sasl.username (KAFKA_SASL_USERNAME)");
    }

    @Test
    void aclsPrintsTheStrimziUsersOfDeployK8s() throws Exception {
        java.io.StringWriter out = new java.io.StringWriter();
        CommandLine cli = new CommandLine(new AclsCommand());
        cli.setOut(new java.io.PrintWriter(out));
        assertThat(cli.execute("strimzi")).isZero();
        assertThat(out.toString()).isEqualTo(Files.readString(Path.of("..", "k8s", "kafka-users.yaml")));
        assertThat(new CommandLine(new AclsCommand()).execute("yaml")).isEqualTo(2);
    }
}
