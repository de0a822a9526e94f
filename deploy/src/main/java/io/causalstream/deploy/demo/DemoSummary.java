package io.causalstream.deploy.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
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
                      Double rulesExactF1) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String eloApi;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ConcurrentMap<String, Integer> scoredPerPassage = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, ScoredGraph> latestRulesScore = new ConcurrentHashMap<>();
    private final KafkaConsumer<String, ScoredGraph> consumer;
    private final Thread reader;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    public DemoSummary(String bootstrapServers, SerdeFactory serdes, String eloBaseUrl) {
        this.eloApi = eloBaseUrl + "/api/passages/";
        this.consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "demo-summary-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                new StringDeserializer(), serdes.valueDeserializer(Topics.SCORED_GRAPHS));
        this.reader = Thread.ofPlatform().name("demo-summary").daemon().start(this::readScoredGraphs);
    }

    private void readScoredGraphs() {
        try {
            consumer.subscribe(List.of(Topics.SCORED_GRAPHS.name()));
            while (!Thread.currentThread().isInterrupted()) {
                for (var r : consumer.poll(Duration.ofMillis(500))) {
                    scoredPerPassage.merge(r.key(), 1, Integer::sum);
                    if (r.value() != null && r.value().getAnnotator().getKind().name().equals("RULES")) {
                        latestRulesScore.put(r.key(), r.value());
                    }
                }
            }
        } catch (WakeupException stopping) {
            // close() was called
        } finally {
            consumer.close();
        }
    }

    /** Waits until ratings and scored graphs of the given passages stop changing, or the timeout passes. */
    public List<Row> awaitSettled(List<String> passageIds, Duration quietFor, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Row> last = List.of();
        long stableSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            List<Row> now = passageIds.stream().map(this::row).toList();
            if (!now.equals(last)) {
                last = now;
                stableSince = System.nanoTime();
            } else if (now.stream().allMatch(r -> r.judgments() > 0)
                    && System.nanoTime() - stableSince > quietFor.toNanos()) {
                return now;
            }
            sleep(1000);
        }
        return last;
    }

    private Row row(String passageId) {
        int scored = scoredPerPassage.getOrDefault(passageId, 0);
        Double rulesF1 = Optional.ofNullable(latestRulesScore.get(passageId)).flatMap(g -> g.getScores().stream()
                .filter(s -> s.getMeasure().equals("exact")).findFirst()).map(MeasureScore::getF1).orElse(null);
        return ratings(passageId).map(t -> new Row(passageId, t.path("leader").asText("-"), leaderElo(t),
                        t.path("judgmentsApplied").asLong(), scored, rulesF1))
                .orElse(new Row(passageId, "-", Double.NaN, 0, scored, rulesF1));
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
        out.printf("%-8s %-10s %8s %9s %-18s %7s %13s%n", "passage", "leader", "Elo", "judgments",
                "published winner", "scored", "rules-v1 F1");
        int agree = 0;
        Map<String, Row> sorted = new TreeMap<>();
        rows.forEach(r -> sorted.put(r.passageId(), r));
        for (Row r : sorted.values()) {
            String published = publishedWinners.getOrDefault(r.passageId(), "?");
            boolean same = published.equals(r.leader());
            agree += same ? 1 : 0;
            out.printf("%-8s %-10s %8.1f %9d %-18s %7d %13s%n", r.passageId(), r.leader(), r.leaderElo(),
                    r.judgments(), published + (same ? " (same)" : ""), r.scoredGraphs(),
                    r.rulesExactF1() == null ? "-" : String.format("%.3f", r.rulesExactF1()));
        }
        out.printf("%nleaders equal to the paper's published winners: %d of %d%n", agree, rows.size());
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
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
