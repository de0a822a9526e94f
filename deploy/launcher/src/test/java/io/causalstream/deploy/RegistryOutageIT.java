package io.causalstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.elo.app.EloService;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.RegistryAdmin;
import io.causalstream.runtime.TopicSetup;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.testkit.Samples;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A schema registry outage through the real thing: a broker of its own (in this JVM) and a registry process of its
 * own (kafkasql storage on that broker, so schemas survive its restart), stopped while the extractor (plain
 * clients) and the Elo service (Kafka Streams) start and receive valid records whose schemas they have never seen,
 * then started again. Nothing valid reaches a dead-letter topic, the records are processed once the registry is
 * back, readiness says DOWN (registry) during the outage and UP after it; a genuinely bad record is still
 * dead-lettered, naming the service that rejected it.
 */
class RegistryOutageIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    Path tmp;

    @Test
    void noValidRecordIsDeadLetteredDuringARegistryOutage() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        KafkaClusterTestKit broker = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("num.partitions", "1")
                .build();
        SchemaRegistryProcess registry = null;
        try {
            broker.format();
            broker.startup();
            broker.waitForReadyBrokers();
            String bootstrap = broker.bootstrapServers();
            TopicSetup.createAll(bootstrap, 1, (short) 1);
            int registryPort = LocalPorts.pickFree();
            Path archive = Path.of(System.getProperty("apicurio.registry.archive"));
            Map<String, String> storage = Map.of("apicurio.storage.kind", "kafkasql",
                    "apicurio.kafkasql.bootstrap.servers", bootstrap);
            registry = SchemaRegistryProcess.start(archive, SchemaRegistryProcess.defaultInstallDir(archive),
                    registryPort, tmp.resolve("registry-1.log"), storage);
            new RegistryAdmin(registry.url()).requireBackwardCompatibility();
            String registryUrl = registry.url();

            // valid records, serialized (their schemas registered) while the registry is up
            AvroSerdes writer = new AvroSerdes(registryUrl);
            String passageId = "outage-" + run;
            byte[] passage = writer.valueSerializer(Topics.PASSAGES).serialize(Topics.PASSAGES.name(),
                    new Passage(passageId, "Drought reduces crop yields.", null, null, null, Map.of(), Instant.now()));
            var extractions = writer.valueSerializer(Topics.EXTRACTIONS);
            byte[] humanA = extractions.serialize(Topics.EXTRACTIONS.name(), human(passageId, "HumanA", "drought"));
            byte[] humanB = extractions.serialize(Topics.EXTRACTIONS.name(), human(passageId, "HumanB", "rain"));
            byte[] judgment = writer.valueSerializer(Topics.JUDGMENTS).serialize(Topics.JUDGMENTS.name(),
                    new Judgment("j-" + run, passageId, "HumanC", "HumanA", "HumanB", Outcome.LEFT, Instant.now()));

            registry.close();
            registry = null;

            Map<String, String> common = new HashMap<>(Map.of("kafka.bootstrap.servers", bootstrap,
                    "schema.registry.url", registryUrl, "http.port", "0", "http.host", "127.0.0.1",
                    // a registry restart takes up to a minute on a busy test machine: more than the default budget
                    "schema.registry.retry.budget.ms", "240000",
                    "schema.registry.unknown.id.confirm.ms", "3000"));
            Map<String, String> extractorConfig = new HashMap<>(common);
            // the rule extractor: this test is about the registry, not the trained model (no encoder to load)
            extractorConfig.putAll(Map.of("application.id", "extractor-outage-" + run,
                    "extractor.retry.backoff.ms", "200", "extractor.backend", "rules"));
            Map<String, String> eloConfig = new HashMap<>(common);
            eloConfig.putAll(Map.of("application.id", "elo-outage-" + run, "http.advertised.host", "127.0.0.1",
                    "state.dir", tmp.resolve("elo").toString(), "kafka.streams.commit.interval.ms", "100",
                    // annotations before the judgment that names them, as they were sent
                    "kafka.streams.max.task.idle.ms", "2000"));
            try (ExtractorService extractor = ExtractorService.start(Config.of(extractorConfig));
                 EloService elo = EloService.start(Config.of(eloConfig))) {
                send(bootstrap, Topics.PASSAGES.name(), passageId, passage);
                send(bootstrap, Topics.EXTRACTIONS.name(), passageId, humanA);
                send(bootstrap, Topics.EXTRACTIONS.name(), passageId, humanB);
                Thread.sleep(1_000);
                send(bootstrap, Topics.JUDGMENTS.name(), passageId, judgment);

                // the registry is down: readiness says so, liveness does not restart anyone
                awaitHealth(extractor.httpPort(), "/health/ready", 503, "\"registry\":\"DOWN\"");
                awaitHealth(elo.httpPort(), "/health/ready", 503, "\"registry\":\"DOWN\"");
                assertThat(get(extractor.httpPort(), "/health/live").statusCode()).isEqualTo(200);
                assertThat(get(elo.httpPort(), "/health/live").statusCode()).isEqualTo(200);
                Thread.sleep(3_000); // the services keep retrying meanwhile

                // back on the same port, reloading its schemas from the broker
                registry = SchemaRegistryProcess.start(archive, SchemaRegistryProcess.defaultInstallDir(archive),
                        registryPort, tmp.resolve("registry-2.log"), storage);

                // a schema id the (healthy) registry does not know, then a garbage passage, after the valid ones:
                // when their dead letters are there, the valid one was decided
                send(bootstrap, Topics.PASSAGES.name(), "unknown-" + run, new byte[]{0, 0, 0, 0x7f, 0x7f, 2, 'x'});
                send(bootstrap, Topics.PASSAGES.name(), "bad-" + run, "not avro".getBytes(StandardCharsets.UTF_8));

                List<ConsumerRecord<String, byte[]>> extracted = readUntil(bootstrap, Topics.EXTRACTIONS.name(),
                        rs -> rs.stream().filter(r -> passageId.equals(r.key())).count() >= 3);
                var extractionReader = new AvroSerdes(registryUrl).valueDeserializer(Topics.EXTRACTIONS);
                assertThat(extracted.stream().filter(r -> passageId.equals(r.key()))
                        .map(r -> extractionReader.deserialize(Topics.EXTRACTIONS.name(), r.value()).getAnnotator()
                                .getId().toString()))
                        .contains("HumanA", "HumanB", "rules-v1");
                List<ConsumerRecord<String, byte[]>> ratings = readUntil(bootstrap, Topics.RATINGS.name(),
                        rs -> rs.stream().anyMatch(r -> passageId.equals(r.key())));
                assertThat(ratings).anyMatch(r -> passageId.equals(r.key()));

                List<ConsumerRecord<String, byte[]>> passagesDlq = readUntil(bootstrap,
                        Topics.PASSAGES.deadLetterTopic(), rs -> rs.stream()
                                .filter(r -> ("bad-" + run).equals(r.key())).count() >= 2
                                && rs.stream().filter(r -> ("unknown-" + run).equals(r.key())).count() >= 2);
                assertThat(passagesDlq).extracting(ConsumerRecord::key)
                        .containsOnly("unknown-" + run, "bad-" + run).hasSize(4);
                assertThat(passagesDlq).extracting(r -> DeadLetters.header(r.headers(), DeadLetters.APPLICATION_ID))
                        .containsExactlyInAnyOrder("extractor-outage-" + run, "elo-outage-" + run,
                                "extractor-outage-" + run, "elo-outage-" + run);
                assertThat(passagesDlq).filteredOn(r -> r.key().startsWith("bad-"))
                        .extracting(r -> DeadLetters.header(r.headers(), DeadLetters.MESSAGE))
                        .allMatch(m -> m.contains("magic byte"));
                // the real registry's 404, confirmed, in readable words
                assertThat(passagesDlq).filteredOn(r -> r.key().startsWith("unknown-"))
                        .extracting(r -> DeadLetters.header(r.headers(), DeadLetters.MESSAGE))
                        .allSatisfy(m -> assertThat(m).contains("schema id " + 0x7f7f
                                + " of a record on passages is unknown to the schema registry",
                                "schema registry answered HTTP 404").doesNotContain("ProblemDetails"));
                // the ratings prove the judgment was counted; nothing valid was dead-lettered anywhere
                for (String topic : List.of(Topics.EXTRACTIONS.deadLetterTopic(), Topics.JUDGMENTS.deadLetterTopic())) {
                    assertThat(readAll(bootstrap, topic)).as(topic).isEmpty();
                }

                awaitHealth(extractor.httpPort(), "/health/ready", 200, "\"registry\":\"UP\"");
                awaitHealth(elo.httpPort(), "/health/ready", 200, "\"registry\":\"UP\"");
            }
        } finally {
            if (registry != null) {
                registry.close();
            }
            broker.close();
        }
    }

    private static Extraction human(String passageId, String annotator, String cause) {
        return Extraction.newBuilder().setPassageId(passageId).setAnnotationId(annotator)
                .setAnnotator(Annotator.newBuilder().setId(annotator).setKind(AnnotatorKind.HUMAN).build())
                .setTriples(new ArrayList<>(List.of(Samples.triple(cause, "crop yields", Direction.DECREASE))))
                .setCreatedAt(Instant.now()).build();
    }

    private static void send(String bootstrap, String topic, String key, byte[] value) throws Exception {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap), new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value)).get();
        }
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void awaitHealth(int port, String path, int status, String bodyPart) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        HttpResponse<String> last = null;
        while (System.nanoTime() < deadline) {
            last = get(port, path);
            if (last.statusCode() == status && last.body().contains(bodyPart)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError(path + " on " + port + " never answered " + status + " with " + bodyPart
                + "; last: " + (last == null ? null : last.statusCode() + " " + last.body()));
    }

    private static List<ConsumerRecord<String, byte[]>> readAll(String bootstrap, String topic) {
        return read(bootstrap, topic, Duration.ofSeconds(3), rs -> false, false);
    }

    private static List<ConsumerRecord<String, byte[]>> readUntil(String bootstrap, String topic,
                                                                  Predicate<List<ConsumerRecord<String, byte[]>>> done) {
        return read(bootstrap, topic, TIMEOUT, done, true);
    }

    private static List<ConsumerRecord<String, byte[]>> read(String bootstrap, String topic, Duration timeout,
                                                             Predicate<List<ConsumerRecord<String, byte[]>>> done,
                                                             boolean mustFinish) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG, "outage-reader-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
                if (done.test(out)) {
                    return out;
                }
            }
        }
        if (mustFinish) {
            throw new AssertionError("timed out reading " + topic + "; got " + out.size() + " records: "
                    + out.stream().map(ConsumerRecord::key).toList());
        }
        return out;
    }
}
