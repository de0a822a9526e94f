package io.causalstream.deploy.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class LoadCommandTest {

    @Test
    void durationsReadAsAPersonWritesThem() {
        assertThat(LoadCommand.parseDuration("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(LoadCommand.parseDuration("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(LoadCommand.parseDuration("1500ms")).isEqualTo(Duration.ofMillis(1500));
        assertThat(LoadCommand.parseDuration(" 60 ")).isEqualTo(Duration.ofSeconds(60));
        assertThatThrownBy(() -> LoadCommand.parseDuration("a minute")).hasMessageContaining("a minute");
    }

    @Test
    void optionsAndDefaults() {
        LoadCommand c = new LoadCommand();
        new CommandLine(c).parseArgs("--passages-per-s", "12.5", "--judgments-per-s", "0", "--duration", "2m");
        assertThat(c.passagesPerSecond).isEqualTo(12.5);
        assertThat(c.judgmentsPerSecond).isZero();
        assertThat(LoadCommand.parseDuration(c.duration)).isEqualTo(Duration.ofMinutes(2));
        assertThat(c.tournaments).isEqualTo(20);
        assertThat(c.dataDir.toString()).isEqualTo("run/load");
    }

    @Test
    void thePassThroughCopiesBytesUnchangedUnderExactlyOnce() {
        Properties p = PassThroughApp.properties("unused:9092", "/tmp/unused");
        assertThat(p.get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        try (TopologyTestDriver driver = new TopologyTestDriver(PassThroughApp.topology("in", "out"))) {
            var in = driver.createInputTopic("in", new ByteArraySerializer(), new ByteArraySerializer());
            var out = driver.createOutputTopic("out", new ByteArrayDeserializer(), new ByteArrayDeserializer());
            in.pipeInput("k".getBytes(StandardCharsets.UTF_8), new byte[] {0, 1, 2, (byte) 255});
            var kv = out.readKeyValue();
            assertThat(new String(kv.key, StandardCharsets.UTF_8)).isEqualTo("k");
            assertThat(kv.value).containsExactly(0, 1, 2, 255);
            assertThat(out.isEmpty()).isTrue();
        }
    }
}
