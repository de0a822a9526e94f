package io.causalstream.elo.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.SoftMeasuresData;
import io.causalstream.elo.api.RatingsView;
import io.causalstream.elo.tournament.BradleyTerry;
import io.causalstream.elo.tournament.BtRating;
import io.causalstream.elo.tournament.BtSettings;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** What the Elo service's integration tests share: HTTP polling and publishing the study's data. */
final class ItSupport {

    static final Duration TIMEOUT = Duration.ofSeconds(90);
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    static HttpResponse<String> get(int port, String pathAndQuery) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** GETs until the answer is 200 and its body, read as {@code type}, satisfies {@code done}. */
    static <T> T poll(int port, String path, Class<T> type, Predicate<T> done) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = get(port, path);
                last = r.statusCode() + " " + r.body();
                if (r.statusCode() == 200) {
                    T value = JSON.readValue(r.body(), type);
                    if (done.test(value)) {
                        return value;
                    }
                }
            } catch (java.io.IOException e) {
                last = e.toString();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("GET " + path + " on port " + port + " never got there; last answer: "
                + (last.length() > 500 ? last.substring(0, 500) + "..." : last));
    }

    static RatingsView ratings(int port, String passageId, Predicate<RatingsView> done) throws Exception {
        return poll(port, "/api/passages/" + passageId + "/ratings", RatingsView.class, done);
    }

    /**
     * Whether the table's Bradley-Terry results are those of its current head-to-head counts (not of an earlier
     * refit), under the default settings.
     */
    static boolean fittedToItsCounts(RatingsView v) {
        Map<String, BtRating> fit = new HashMap<>();
        new BradleyTerry(BtSettings.DEFAULT).fit(v.passageId(), v.pairs()).forEach(b -> fit.put(b.annotationId(), b));
        return v.players().stream().allMatch(p -> {
            BtRating b = fit.get(p.annotationId());
            return b != null && Double.valueOf(b.score()).equals(p.btScore())
                    && Double.valueOf(b.ciLow()).equals(p.btCiLow()) && Double.valueOf(b.ciHigh()).equals(p.btCiHigh())
                    && Integer.valueOf(b.rank()).equals(p.btRank());
        });
    }

    /** Publishes records keyed by {@code key} with an idempotent producer. */
    static <V extends SpecificRecord> void publish(String bootstrap, SerdeFactory serdes, Topic<V> topic,
                                                   List<V> records, Function<V, String> key) {
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        try (var producer = new KafkaProducer<>(props, new StringSerializer(), serdes.valueSerializer(topic))) {
            for (V r : records) {
                producer.send(new ProducerRecord<>(topic.name(), key.apply(r), r));
            }
            producer.flush();
        }
    }

    /** The study's 20 passages and their 10 annotations each, ids prefixed. */
    static void publishPassagesAndAnnotations(String bootstrap, SerdeFactory serdes, String prefix) {
        publish(bootstrap, serdes, Topics.PASSAGES, SoftMeasuresData.passages(prefix), p -> p.getId());
        publish(bootstrap, serdes, Topics.EXTRACTIONS, SoftMeasuresData.annotations(prefix), e -> e.getPassageId());
    }

    static void publishJudgments(String bootstrap, SerdeFactory serdes, List<Judgment> judgments) {
        publish(bootstrap, serdes, Topics.JUDGMENTS, judgments, Judgment::getPassageId);
    }

    private ItSupport() {
    }
}
