package io.causalstream.deploy;

import static io.causalstream.testkit.Samples.annotation;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.local.KafkaBrokerProcess;
import io.causalstream.deploy.local.LocalAccessControl;
import io.causalstream.local.LocalCredentials;
import io.causalstream.deploy.local.LocalSystem;
import io.causalstream.local.LocalTls;
import io.causalstream.elo.app.EloService;
import io.causalstream.extractor.app.ExtractorService;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.runtime.RegistryAdmin;
import io.causalstream.runtime.ServiceAcls;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The three services against a secured broker, as {@code run-local --secure --tls} starts it (the launcher's own
 * {@link KafkaBrokerProcess}, {@link LocalCredentials}, {@link LocalTls} and {@link LocalAccessControl}): TLS with
 * the broker's certificate checked by every client (SASL_SSL), SASL SCRAM-SHA-512, the
 * StandardAuthorizer and the ACLs of {@link ServiceAcls}, one user per service, one for the tools and one for the
 * registry, whose kafkasql storage logs in as well. A passage in gives an extraction and a scored graph, a judgment
 * a rating; an unknown user and a wrong password are refused at login; a service writing another service's topic,
 * or the tools writing an output topic, are refused by the authorizer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecureClusterIT {

    private static final String PASSAGE = "secure-flood";
    private static final String TEXT = "Heavy rainfall leads to flooding. Flooding reduces crop yields.";

    private Path dataDir;
    private LocalCredentials credentials;
    private LocalSystem system;
    private KafkaBrokerProcess broker;
    private SchemaRegistryProcess registry;
    private final List<AutoCloseable> services = new ArrayList<>();
    private CommonSettings cli;

    @BeforeAll
    void startSecuredClusterAndServices() throws Exception {
        dataDir = Files.createTempDirectory("secure-it");
        List<ServiceAcls.Rule> acls = ServiceAcls.all();
        // run-local --secure --tls: SASL_SSL, the broker's self-signed certificate trusted by every client
        credentials = LocalCredentials.loadOrCreate(dataDir, ServiceAcls.users(acls), false)
                .withTls(LocalTls.loadOrCreate(dataDir));
        // the launcher's own system: topics with one partition each, the registry's schemas in kafkasql
        system = LocalSystem.start(new LocalSystem.Settings(dataDir, LocalPorts.pickFree(), LocalPorts.pickFree(),
                LocalPorts.pickFree(), 1, credentials, acls, true), null);
        broker = system.broker();
        registry = system.registry();
        new RegistryAdmin(registry.url()).requireBackwardCompatibility();

        cli = settings(ServiceAcls.CLI_USER, Map.of());
        Path state = dataDir.resolve("state");
        services.add(ExtractorService.start(config(ServiceAcls.Service.EXTRACTOR, state)));
        services.add(ScorerService.start(config(ServiceAcls.Service.SCORER, state)));
        services.add(EloService.start(config(ServiceAcls.Service.ELO, state)));
    }

    /** A service under its own user; application id = user name, as the ACLs expect. */
    private Config config(ServiceAcls.Service service, Path state) {
        Map<String, String> m = common(service.defaultApplicationId());
        m.put("application.id", service.defaultApplicationId());
        m.put("http.port", "0");
        m.put("state.dir", state.resolve(service.defaultApplicationId()).toString());
        m.put("kafka.streams.commit.interval.ms", "100");
        m.put("extractor.backend", "rules");
        return Config.of(m);
    }

    private Map<String, String> common(String user) {
        Map<String, String> m = new HashMap<>();
        m.put(Config.BOOTSTRAP_SERVERS, broker.bootstrapServers());
        m.put(Config.SCHEMA_REGISTRY_URL, registry.url());
        m.putAll(credentials.clientSettings(user));
        return m;
    }

    private CommonSettings settings(String user, Map<String, String> more) {
        Map<String, String> m = common(user);
        m.putAll(more);
        return CommonSettings.from(Config.of(m), user, 0);
    }

    @AfterAll
    void stop() {
        for (AutoCloseable c : services.reversed()) {
            try {
                c.close();
            } catch (Exception ignored) {
                // best effort
            }
        }
        if (system != null) {
            system.close();
        }
    }

    @Test
    void theServicesRunEndToEndUnderTheirOwnUsers() throws Exception {
        send(cli, Topics.PASSAGES, PASSAGE, Passage.newBuilder().setId(PASSAGE).setText(TEXT)
                .setPublishedAt(Instant.now()).build());
        send(cli, Topics.EXTRACTIONS, PASSAGE, human("HumanA", triple("rainfall", "flooding", Direction.INCREASE)));
        send(cli, Topics.EXTRACTIONS, PASSAGE, human("HumanB", triple("flooding", "crop yields",
                Direction.DECREASE)));

        // extractor (reads passages, writes extractions in transactions)
        var extractions = readUntil(Topics.EXTRACTIONS, rs -> rs.stream().anyMatch(r -> r.value() != null
                && r.value().getAnnotator().getKind() == AnnotatorKind.RULES));
        Extraction rules = extractions.stream().map(ConsumerRecord::value)
                .filter(e -> e.getAnnotator().getKind() == AnnotatorKind.RULES).findFirst().orElseThrow();
        assertThat(rules.getPassageId()).isEqualTo(PASSAGE);
        assertThat(rules.getTriples()).isNotEmpty();

        // scorer (Kafka Streams, exactly once: its changelogs, repartition topics and transactional ids)
        var scored = readUntil(Topics.SCORED_GRAPHS, rs -> rs.stream().map(ConsumerRecord::value)
                .map(ScoredGraph::getAnnotationId).distinct().count() >= 3);
        assertThat(scored.stream().map(r -> r.value().getAnnotationId()).distinct())
                .contains("HumanA", "HumanB", rules.getAnnotationId());

        // elo: a judgment becomes a rating
        send(cli, Topics.JUDGMENTS, PASSAGE, Judgment.newBuilder().setJudgmentId("secure-j1").setPassageId(PASSAGE)
                .setRaterId("Rater1").setLeft("HumanA").setRight("HumanB").setOutcome(Outcome.LEFT)
                .setTime(Instant.now()).build());
        var ratings = readUntil(Topics.RATINGS, rs -> rs.stream().anyMatch(r -> r.value() != null
                && "HumanA".equals(r.value().getLeader())));
        Tournament t = ratings.stream().map(ConsumerRecord::value).filter(v -> "HumanA".equals(v.getLeader()))
                .findFirst().orElseThrow();
        assertThat(t.getPlayers()).anySatisfy(p -> {
            assertThat(p.getAnnotationId()).isEqualTo("HumanA");
            assertThat(p.getElo()).isEqualTo(1016.0);
        });

        // the tools' user may see the services' progress (the sample's summary waits for their lag to reach zero)
        try (Admin admin = Admin.create(KafkaClients.properties(cli))) {
            for (ServiceAcls.Service service : ServiceAcls.Service.values()) {
                var committed = admin.listConsumerGroupOffsets(service.defaultApplicationId())
                        .partitionsToOffsetAndMetadata().get();
                assertThat(committed).as(service.defaultApplicationId()).isNotEmpty();
                Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.admin.OffsetSpec> latest =
                        new HashMap<>();
                committed.keySet().forEach(tp -> latest.put(tp, org.apache.kafka.clients.admin.OffsetSpec.latest()));
                assertThat(admin.listOffsets(latest).all().get()).hasSameSizeAs(committed);
            }
        }
    }

    @Test
    void anUnknownUserAndAWrongPasswordAreRefusedAtLogin() {
        Map<String, Object> intruder = KafkaClients.properties(settings(ServiceAcls.CLI_USER, Map.of(
                CommonSettings.SASL_USERNAME, "intruder", CommonSettings.SASL_PASSWORD, "guess")));
        assertThatThrownBy(() -> describeCluster(intruder)).hasRootCauseInstanceOf(SaslAuthenticationException.class);

        Map<String, Object> wrongPassword = KafkaClients.properties(settings(ServiceAcls.Service.SCORER
                .defaultApplicationId(), Map.of(CommonSettings.SASL_PASSWORD, "not-" + UUID.randomUUID())));
        assertThatThrownBy(() -> describeCluster(wrongPassword))
                .hasRootCauseInstanceOf(SaslAuthenticationException.class);

        // the same call with the right password succeeds: the refusals above are the credentials', not the call's
        assertThat(describeCluster(KafkaClients.properties(settings(ServiceAcls.Service.SCORER
                .defaultApplicationId(), Map.of())))).isNotBlank();
    }

    @Test
    void aServiceWritingAnotherServicesTopicIsRefused() {
        String scorer = ServiceAcls.Service.SCORER.defaultApplicationId();
        // the scorer may not write the Elo service's ratings, nor the input passages (it writes extractions and
        // gold only for its curators' corrections)
        assertThatThrownBy(() -> sendRaw(scorer, Topics.RATINGS.name()))
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
        assertThatThrownBy(() -> sendRaw(scorer, Topics.PASSAGES.name()))
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
        // the extractor may not write scored graphs; the tools may not write an output topic
        assertThatThrownBy(() -> sendRaw(ServiceAcls.Service.EXTRACTOR.defaultApplicationId(),
                Topics.SCORED_GRAPHS.name())).hasRootCauseInstanceOf(TopicAuthorizationException.class);
        assertThatThrownBy(() -> sendRaw(ServiceAcls.CLI_USER, Topics.RATINGS.name()))
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
        // and a write its ACLs allow goes through: the scorer's dead letters of extractions
        sendRaw(scorer, Topics.EXTRACTIONS.deadLetterTopic());
    }

    private String describeCluster(Map<String, Object> connection) {
        Map<String, Object> p = new HashMap<>(connection);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        try (Admin admin = Admin.create(p)) {
            return admin.describeCluster().clusterId().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One plain (not idempotent) record as {@code user}; throws what the broker answered. */
    private void sendRaw(String user, String topic) {
        Map<String, Object> p = KafkaClients.properties(settings(user, Map.of()));
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        try (var producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, "probe".getBytes(), "probe".getBytes())).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    private <V extends SpecificRecord> void send(CommonSettings as, Topic<V> topic, String key, V value)
            throws Exception {
        Map<String, Object> p = KafkaClients.properties(as);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        try (var producer = new KafkaProducer<>(p, new StringSerializer(),
                KafkaClients.serdes(as).valueSerializer(topic))) {
            producer.send(new ProducerRecord<>(topic.name(), key, value)).get();
        }
    }

    /** Reads {@code topic} as the tools' user (a read-topic group) until {@code done} holds. */
    private <V extends SpecificRecord> List<ConsumerRecord<String, V>> readUntil(
            Topic<V> topic, Predicate<List<ConsumerRecord<String, V>>> done) {
        Map<String, Object> p = KafkaClients.properties(cli);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "read-topic-it-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        AvroSerdes serdes = KafkaClients.serdes(cli);
        List<ConsumerRecord<String, V>> out = new ArrayList<>();
        try (var consumer = new KafkaConsumer<>(p, new StringDeserializer(), serdes.valueDeserializer(topic))) {
            consumer.subscribe(List.of(topic.name()));
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    if (PASSAGE.equals(r.key())) {
                        out.add(r);
                    }
                });
                if (done.test(out)) {
                    return out;
                }
            }
        }
        throw new AssertionError("timed out reading " + topic + "; got " + out.stream().map(ConsumerRecord::value)
                .toList());
    }

    @Test
    void everyClientTalksTlsToTheBroker() {
        assertThat(KafkaClients.properties(cli)).containsEntry("security.protocol", "SASL_SSL");
        // a client that does not trust the broker's certificate is refused before SASL
        Map<String, Object> untrusting = KafkaClients.properties(settings(ServiceAcls.CLI_USER, Map.of()));
        untrusting.remove("ssl.truststore.location");
        untrusting.remove("ssl.truststore.password");
        untrusting.remove("ssl.truststore.type");
        assertThatThrownBy(() -> describeCluster(untrusting))
                .hasRootCauseInstanceOf(java.security.cert.CertPathBuilderException.class);
    }

    @Test
    void theCredentialsFilesAreReadableByTheirOwnerOnly() throws Exception {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(credentials.file())))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                dataDir.resolve("kafka").resolve("server.properties")))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                dataDir.resolve("schema-registry-kafka.properties")))).isEqualTo("rw-------");
    }

    private static Extraction human(String id, Triple... triples) {
        return annotation(PASSAGE, id, AnnotatorKind.HUMAN, Instant.now(), triples);
    }
}
