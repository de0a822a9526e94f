package io.causalstream.deploy.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.deploy.graph.LocalGraphDb;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Watches what the sample produced: per passage, the Elo leader (by interactive query to the Elo service) and the
 * scored graphs (by reading {@code scored-graphs}, as any downstream consumer would), then prints a table.
 */
public final class DemoSummary implements AutoCloseable {

    /** One passage's line of the summary. */
    public record Row(String passageId, String leader, double leaderElo, long judgments, int scoredGraphs,
                      ExtractorScore extractor, int edgesValidated, int edgesChecked) {
    }

    /**
     * The service's own extractor on one passage, scored against the passage's current gold (its tournament
     * leader): soft F1 of METEOR-E and exact match at the scorer's thresholds, null when not scored yet.
     */
    public record ExtractorScore(String annotator, int edges, Double meteorF1, Double exactF1) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String eloApi;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ConcurrentMap<String, Integer> scoredPerPassage = new ConcurrentHashMap<>();
    /** passage -> the latest scored graph of the extractor service's own annotation (not one of the sample's) */
    private final ConcurrentMap<String, ScoredGraph> latestExtractorScore = new ConcurrentHashMap<>();
    private final Set<String> sampleAnnotationIds;
    /** passage -> annotation -> {VALIDATED edges, validated-or-not edges} of its latest scored graph */
    private final ConcurrentMap<String, ConcurrentMap<String, int[]>> validation = new ConcurrentHashMap<>();
    private final KafkaConsumer<String, ScoredGraph> consumer;
    private final Thread reader;
    private final Admin admin;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * @param sampleAnnotationIds the annotations the sample publishes: every other scored graph of a sample passage
     *                            is the extractor service's own
     */
    public DemoSummary(String bootstrapServers, SerdeFactory serdes, String eloBaseUrl,
                       Set<String> sampleAnnotationIds) {
        this(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), serdes, eloBaseUrl,
                sampleAnnotationIds);
    }

    /** @param connection bootstrap servers and security, e.g. {@code KafkaClients.properties(settings)} */
    public DemoSummary(Map<String, Object> connection, SerdeFactory serdes, String eloBaseUrl,
                       Set<String> sampleAnnotationIds) {
        this.eloApi = eloBaseUrl + "/api/passages/";
        this.sampleAnnotationIds = Set.copyOf(sampleAnnotationIds);
        Map<String, Object> props = new java.util.HashMap<>(connection);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "demo-summary-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        this.consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                serdes.valueDeserializer(Topics.SCORED_GRAPHS));
        this.admin = Admin.create(Map.copyOf(connection));
        this.reader = Thread.ofPlatform().name("demo-summary").daemon().start(this::readScoredGraphs);
    }

    private void readScoredGraphs() {
        try {
            consumer.subscribe(List.of(Topics.SCORED_GRAPHS.name()));
            while (!Thread.currentThread().isInterrupted()) {
                for (var r : consumer.poll(Duration.ofMillis(500))) {
                    scoredPerPassage.merge(r.key(), 1, Integer::sum);
                    if (r.value() != null) {
                        validation.computeIfAbsent(r.key(), k -> new ConcurrentHashMap<>())
                                .put(r.value().getAnnotationId(), validationCounts(r.value()));
                    }
                    if (r.value() != null && !sampleAnnotationIds.contains(r.value().getAnnotationId())) {
                        latestExtractorScore.put(r.key(), r.value());
                    }
                }
            }
        } catch (WakeupException stopping) {
            // close() was called
        } finally {
            consumer.close();
        }
    }

    /**
     * Waits until every passage has ratings and scored graphs, the services' consumer groups have no lag (their
     * input is processed and committed) and the rows stopped changing; or until the timeout passes. Without the
     * lag check a scorer in the middle of a long transaction would look settled.
     */
    public List<Row> awaitSettled(List<String> passageIds, List<String> groups, Duration quietFor, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Row> last = List.of();
        long stableSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            List<Row> now = passageIds.stream().map(this::row).toList();
            if (!now.equals(last)) {
                last = now;
                stableSince = System.nanoTime();
            } else if (now.stream().allMatch(r -> r.judgments() > 0 && r.scoredGraphs() > 0)
                    && System.nanoTime() - stableSince > quietFor.toNanos() && lag(groups) == 0) {
                return now;
            }
            sleep(1000);
        }
        return last;
    }

    /**
     * Waits until the graph sink's consumer group has no lag and the graph's counts stopped changing for
     * {@code quietFor}, or until the timeout passes; returns the last counts read. A count that cannot be read yet
     * (Neo4j busy) is read again at the next round.
     */
    public LocalGraphDb.Counts awaitGraphSettled(String sinkGroup, Supplier<LocalGraphDb.Counts> counts,
                                                 Duration quietFor, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        LocalGraphDb.Counts last = null;
        long stableSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            LocalGraphDb.Counts now;
            try {
                now = counts.get();
            } catch (RuntimeException e) {
                sleep(1000);
                continue;
            }
            if (!now.equals(last)) {
                last = now;
                stableSince = System.nanoTime();
            } else if (System.nanoTime() - stableSince > quietFor.toNanos() && lag(List.of(sinkGroup)) == 0) {
                return now;
            }
            sleep(1000);
        }
        return last;
    }

    /** Records not yet consumed and committed by the groups; 0 when it cannot be told (then it is not waited for). */
    private long lag(List<String> groups) {
        try {
            long lag = 0;
            for (String group : groups) {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata().get(5, TimeUnit.SECONDS);
                Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
                committed.keySet().forEach(tp -> latest.put(tp, OffsetSpec.latest()));
                var ends = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all()
                        .get(5, TimeUnit.SECONDS);
                for (var e : committed.entrySet()) {
                    if (e.getValue() != null) {
                        lag += Math.max(0, ends.get(e.getKey()).offset() - e.getValue().offset());
                    }
                }
            }
            return lag;
        } catch (Exception e) {
            return 0;
        }
    }

    private static int[] validationCounts(ScoredGraph graph) {
        int[] counts = new int[2];
        for (ScoredEdge e : graph.getEdges()) {
            if (e.getValidation() != ValidationState.UNCHECKED) {
                counts[1]++;
                counts[0] += e.getValidation() == ValidationState.VALIDATED ? 1 : 0;
            }
        }
        return counts;
    }

    private Row row(String passageId) {
        int scored = scoredPerPassage.getOrDefault(passageId, 0);
        ScoredGraph own = latestExtractorScore.get(passageId);
        ExtractorScore extractor = own == null ? null : new ExtractorScore(own.getAnnotator().getId(),
                own.getEdges().size(), f1(own, "meteor"), f1(own, "exact"));
        int[] checked = new int[2];
        validation.getOrDefault(passageId, new ConcurrentHashMap<>()).values().forEach(c -> {
            checked[0] += c[0];
            checked[1] += c[1];
        });
        return ratings(passageId).map(t -> new Row(passageId, t.path("leader").asText("-"), leaderElo(t),
                        t.path("judgmentsApplied").asLong(), scored, extractor, checked[0], checked[1]))
                .orElse(new Row(passageId, "-", Double.NaN, 0, scored, extractor, checked[0], checked[1]));
    }

    private static Double f1(ScoredGraph graph, String measure) {
        return graph.getScores().stream().filter(s -> s.getMeasure().equals(measure)).findFirst()
                .map(MeasureScore::getF1).orElse(null);
    }

    private static double leaderElo(JsonNode t) {
        String leader = t.path("leader").asText();
        for (JsonNode p : t.path("players")) {
            if (p.path("annotationId").asText().equals(leader)) {
                return p.path("elo").asDouble();
            }
        }
        return Double.NaN;
    }

    private Optional<JsonNode> ratings(String passageId) {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(eloApi + passageId + "/ratings"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? Optional.of(JSON.readTree(r.body())) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    public static void print(List<Row> rows, Map<String, String> publishedWinners, PrintStream out) {
        out.println();
        String extractor = rows.stream().map(Row::extractor).filter(java.util.Objects::nonNull)
                .map(ExtractorScore::annotator).findFirst().orElse("extractor");
        out.printf("%-8s %-10s %8s %9s %-18s %7s %21s %11s%n", "passage", "leader", "Elo", "judgments",
                "published winner", "scored", extractor + " meteor/exact", "validated");
        int agree = 0;
        Map<String, Row> sorted = new TreeMap<>();
        rows.forEach(r -> sorted.put(r.passageId(), r));
        for (Row r : sorted.values()) {
            String published = publishedWinners.getOrDefault(r.passageId(), "?");
            boolean same = published.equals(r.leader());
            agree += same ? 1 : 0;
            out.printf("%-8s %-10s %8.1f %9d %-18s %7d %21s %11s%n", r.passageId(), r.leader(), r.leaderElo(),
                    r.judgments(), published + (same ? " (same)" : ""), r.scoredGraphs(),
                    r.extractor() == null ? "-" : format(r.extractor().meteorF1()) + "/"
                            + format(r.extractor().exactF1()),
                    r.edgesChecked() == 0 ? "-" : r.edgesValidated() + "/" + r.edgesChecked());
        }
        out.printf("%nleaders equal to the paper's published winners: %d of %d%n", agree, rows.size());
        var meteor = rows.stream().map(Row::extractor).filter(e -> e != null && e.meteorF1() != null)
                .mapToDouble(ExtractorScore::meteorF1).summaryStatistics();
        if (meteor.getCount() > 0) {
            out.printf("%s against the tournament winners: mean METEOR soft F1 %.3f over %d passages, %d edges "
                            + "(the scorer's thresholds; `deploy/causal-stream evaluate` gives the paper's table)%n",
                    extractor, meteor.getAverage(), meteor.getCount(),
                    rows.stream().map(Row::extractor).filter(java.util.Objects::nonNull)
                            .mapToInt(ExtractorScore::edges).sum());
        }
    }

    /** Records in {@code topic} (the end offsets summed); -1 when it cannot be told (e.g. not created yet). */
    public long recordsIn(String topic) {
        try {
            var partitions = admin.describeTopics(List.of(topic)).allTopicNames().get(5, TimeUnit.SECONDS)
                    .get(topic).partitions();
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            partitions.forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            return admin.listOffsets(latest).all().get(5, TimeUnit.SECONDS).values().stream()
                    .mapToLong(o -> o.offset()).sum();
        } catch (Exception e) {
            return e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException ? 0 : -1;
        }
    }

    /** What the graph database holds, how many records it refused, and where to query it. */
    public static void printGraph(LocalGraphDb.Counts counts, long deadLettered, String deadLetterTopic,
                                  String neo4jHttpUrl, PrintStream out) {
        if (counts == null) {
            out.printf("%nNeo4j did not answer the counts; its log: <data-dir>/graph/neo4j.log%n");
            return;
        }
        out.printf("%nNeo4j holds %d passages, %d annotations, %d concepts and %d causal edges (CAUSES); "
                        + "the collective map %d concepts and %d edges (INFLUENCES)%n", counts.passages(),
                counts.annotations(), counts.concepts(), counts.edges(), counts.mapConcepts(), counts.mapEdges());
        if (deadLettered > 0) {
            out.printf("WARNING: %d records the graph sink could not write are in %s (the reason in each record's "
                    + "__connect.errors.exception.message header; the worker's log says it too)%n", deadLettered,
                    deadLetterTopic);
        }
        out.printf("query it: curl -s -H 'Content-Type: application/json' %s/db/neo4j/query/v2 "
                + "-d '{\"statement\": \"MATCH (c:Concept) RETURN count(c)\"}'   (docs/graph-database.md)%n",
                neo4jHttpUrl);
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        consumer.wakeup();
        try {
            reader.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        admin.close(Duration.ofSeconds(2));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String format(Double f1) {
        return f1 == null ? "-" : String.format("%.3f", f1);
    }
}
