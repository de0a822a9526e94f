package io.causalstream.deploy.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.deadletter.ReplayPlan;
import io.causalstream.deploy.cli.CausalStream;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code causal-stream dlq replay} through the real broker and registry: dead letters of one source record written
 * by three services and of another record; a dry run publishes nothing, {@code --apply} publishes each source record
 * once (decodable, error headers gone), a second {@code --apply} publishes nothing new. Uses a topic pair of its own
 * so services of other tests in this JVM never see the replayed records.
 */
@ExtendWith(KafkaTestCluster.class)
class DlqReplayIT {

    private record Run(int exit, String out) {
    }

    private static Run cli(String... args) {
        var cli = CausalStream.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(out));
        int exit = cli.execute(args);
        return new Run(exit, out.toString());
    }

    @Test
    void replaysChosenDeadLettersOnceDryRunFirst(TestCluster cluster) throws Exception {
        String source = "replay-it-" + UUID.randomUUID();
        String dlq = source + Topics.DEAD_LETTER_SUFFIX;
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(source, 1, (short) 1), new NewTopic(dlq, 1, (short) 1)))
                    .all().get();
        }
        var serializer = cluster.serdes().valueSerializer(Topics.PASSAGES);
        byte[] p1 = serializer.serialize(source, Passage.newBuilder().setId("p1").setText("Rain causes floods.").setPublishedAt(java.time.Instant.EPOCH)
                .build());
        byte[] p2 = serializer.serialize(source, Passage.newBuilder().setId("p2").setText("Heat causes drought.").setPublishedAt(java.time.Instant.EPOCH)
                .build());
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new ByteArraySerializer(), new ByteArraySerializer())) {
            RecordHeaders original = new RecordHeaders();
            original.add("trace-id", "t-1".getBytes(StandardCharsets.UTF_8));
            // the same source record (offset 5) rejected by three services, then another one (offset 6)
            for (String app : List.of("extractor-service", "scorer-service", "elo-service")) {
                producer.send(DeadLetters.record(source, 0, 5, bytes("p1"), p1, original,
                        new RuntimeException("schema registry unavailable"), app)).get();
            }
            producer.send(DeadLetters.record(source, 0, 6, bytes("p2"), p2, null,
                    new InvalidRecordException("undecodable", "schema id 9 unknown", null), "scorer-service")).get();
        }

        Run dry = cli("dlq", "replay", "--topic", dlq, "--bootstrap-servers", cluster.bootstrapServers());
        assertThat(dry.exit()).as(dry.out()).isZero();
        assertThat(dry.out()).contains("4 dead letters, 2 chosen for replay", "dry run: nothing published",
                "application=elo-service", "SAME_ORIGIN_AS_EARLIER");

        Run onlyOne = cli("dlq", "replay", "--topic", dlq, "--where", "code=undecodable", "--apply",
                "--bootstrap-servers", cluster.bootstrapServers());
        assertThat(onlyOne.out()).as(onlyOne.out()).contains("1 chosen for replay", "published 1 to " + source);

        Run rest = cli("dlq", "replay", "--topic", dlq, "--apply", "--bootstrap-servers", cluster.bootstrapServers());
        assertThat(rest.out()).as(rest.out()).contains("1 chosen for replay", "published 1 to " + source);

        Run again = cli("dlq", "replay", "--topic", dlq, "--apply", "--bootstrap-servers", cluster.bootstrapServers());
        assertThat(again.out()).as(again.out()).contains("0 chosen for replay", "4 already replayed");

        List<ConsumerRecord<String, byte[]>> replayed = new ArrayList<>(cluster.readRawUntil(source,
                Duration.ofSeconds(30), rs -> rs.size() >= 2));
        // nothing more arrives after the second run
        Thread.sleep(500);
        replayed = cluster.readRawUntil(source, Duration.ofSeconds(10), rs -> rs.size() >= 2);
        assertThat(replayed).hasSize(2);
        var deserializer = cluster.serdes().valueDeserializer(Topics.PASSAGES);
        assertThat(replayed).extracting(r -> deserializer.deserialize(source, r.value()).getId().toString())
                .containsExactly("p2", "p1");
        ConsumerRecord<String, byte[]> first = replayed.get(1);
        assertThat(first.key()).isEqualTo("p1");
        assertThat(first.value()).isEqualTo(p1);
        assertThat(DeadLetters.header(first.headers(), "trace-id")).isEqualTo("t-1");
        assertThat(DeadLetters.header(first.headers(), ReplayPlan.REPLAYED_FROM)).isEqualTo(source + "-0@5");
        for (String error : DeadLetters.ERROR_HEADERS) {
            assertThat(first.headers().lastHeader(error)).as(error).isNull();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
