package io.causalstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.testkit.InJvmBroker;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flood of records with schema ids nobody registered (8 bytes each: magic byte 0, a 4-byte id, junk) on
 * {@code passages}, read by the extractor (plain consumer) and the scorer (Kafka Streams), followed by a valid
 * passage: the valid one is scored within a bound far below what waiting out each unknown id would cost, and every
 * flood record is dead-lettered by both services with its reason and code. The real registry (the shared test
 * cluster's) answers the lookups; the broker is this test's own, so the flood stays out of the other tests' topics.
 * The default settings are used: the confirmation window for a 404 is 15 s.
 */
@ExtendWith(KafkaTestCluster.class)
class UnknownSchemaFloodIT {

    /** distinct unknown ids in the flood; each is sent {@link #REPEATS} times */
    private static final int DISTINCT_IDS = 20;
    private static final int REPEATS = 2;
    /** far below one confirmation window (15 s), let alone one per distinct id */
    private static final Duration BOUND = Duration.ofSeconds(10);
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path state;

    @Test
    void aFloodOfUnknownSchemaIdsDoesNotHoldUpAValidPassage(TestCluster shared) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (KafkaClusterTestKit broker = InJvmBroker.withTopics(1)) {
            TestCluster cluster = shared.onBroker(broker.bootstrapServers());
            Map<String, String> extractorSettings = new HashMap<>(Map.of("application.id", "flood-extractor-" + run,
                    "http.port", "0", "extractor.backend", "rules"));
            Map<String, String> scorerSettings = Map.of("scorer.measures", "exact",
                    "scorer.validation.enabled", "false", "scorer.alignment.enabled", "false");
            try (ExtractorService extractor = ExtractorService.start(cluster.config(extractorSettings));
                 ScorerService scorer = ScorerService.start(cluster.streamsService("flood-scorer-" + run,
                         state.resolve("scorer"), scorerSettings));
                 ScoredGraphWatch scored = new ScoredGraphWatch(broker.bootstrapServers())) {
                // both services up and through their first record (consumer groups joined, schemas resolved)
                scored.latency(cluster, passage("warm-up-" + run));
                Duration undisturbed = scored.latency(cluster, passage("undisturbed-" + run));

                List<Integer> ids = new ArrayList<>();
                for (int r = 0; r < REPEATS; r++) {
                    for (int i = 0; i < DISTINCT_IDS; i++) {
                        ids.add(0x3f000000 + i); // far above any id the registry hands out in a test run
                    }
                }
                sendFlood(broker.bootstrapServers(), run, ids);
                Duration behindFlood = scored.latency(cluster, passage("behind-flood-" + run));

                System.out.printf("valid passage scored %d ms after it was sent undisturbed, %d ms behind %d "
                                + "records with %d unknown schema ids (bound %d ms)%n", undisturbed.toMillis(),
                        behindFlood.toMillis(), ids.size(), DISTINCT_IDS, BOUND.toMillis());
                assertThat(behindFlood).isLessThan(BOUND);

                // every flood record dead-lettered by each of the two services, with its reason and code
                List<ConsumerRecord<String, byte[]>> dead = cluster.readRawUntil(Topics.PASSAGES.deadLetterTopic(),
                        WAIT, rs -> rs.stream().filter(r -> r.key().startsWith("flood-" + run)).count()
                                >= 2L * ids.size());
                List<ConsumerRecord<String, byte[]>> flood = dead.stream()
                        .filter(r -> r.key().startsWith("flood-" + run)).toList();
                assertThat(flood).hasSize(2 * ids.size());
                assertThat(flood).extracting(r -> DeadLetters.header(r.headers(), DeadLetters.APPLICATION_ID))
                        .containsOnly("flood-extractor-" + run, "flood-scorer-" + run);
                assertThat(flood).extracting(r -> DeadLetters.header(r.headers(), DeadLetters.CODE))
                        .containsOnly("unknown_schema_id");
                assertThat(flood).allSatisfy(r -> {
                    int id = ByteBuffer.wrap(r.value(), 1, 4).getInt();
                    assertThat(DeadLetters.header(r.headers(), DeadLetters.MESSAGE))
                            .contains("schema id " + id + " of a record on passages is unknown to the schema "
                                    + "registry");
                });
                // nothing valid among them
                assertThat(dead).noneMatch(r -> r.key().contains(run) && !r.key().startsWith("flood-" + run));
            }
        }
    }

    private static Passage passage(String id) {
        return Passage.newBuilder().setId(id).setText("Heavy rainfall leads to flooding. Flooding reduces crop "
                + "yields.").setPublishedAt(Instant.now()).build();
    }

    /** Magic byte 0, the 4-byte schema id, three junk bytes: 8 bytes, keys flood-RUN-N. */
    private static void sendFlood(String bootstrap, String run, List<Integer> ids) throws Exception {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap), new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int n = 0; n < ids.size(); n++) {
                byte[] value = ByteBuffer.allocate(8).put((byte) 0).putInt(ids.get(n)).put(new byte[]{7, 7, 7})
                        .array();
                producer.send(new ProducerRecord<>(Topics.PASSAGES.name(),
                        ("flood-" + run + "-" + n).getBytes(StandardCharsets.UTF_8), value));
            }
            producer.flush();
        }
    }

    /** Follows {@code scored-graphs} (committed records) and tells when a passage's first scored graph arrives. */
    private static final class ScoredGraphWatch implements AutoCloseable {

        private final KafkaConsumer<String, byte[]> consumer;
        private final Set<String> seen = new HashSet<>();

        ScoredGraphWatch(String bootstrap) {
            consumer = new KafkaConsumer<>(Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                    ConsumerConfig.GROUP_ID_CONFIG, "flood-watch-" + UUID.randomUUID(),
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                    new StringDeserializer(), new ByteArrayDeserializer());
            consumer.subscribe(List.of(Topics.SCORED_GRAPHS.name()));
        }

        /** Sends {@code passage} and waits for its scored graph: the time in between. */
        Duration latency(TestCluster cluster, Passage passage) {
            long sent = System.nanoTime();
            cluster.send(Topics.PASSAGES, passage.getId(), passage);
            long deadline = sent + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(50)).forEach(r -> seen.add(r.key()));
                if (seen.contains(passage.getId())) {
                    return Duration.ofNanos(System.nanoTime() - sent);
                }
            }
            throw new AssertionError("passage " + passage.getId() + " was not scored within " + WAIT);
        }

        @Override
        public void close() {
            consumer.close();
        }
    }
}
