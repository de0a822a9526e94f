package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.junit.jupiter.api.Test;

/** Liveness from the stream threads' poll ages, on metrics shaped as Kafka Streams reports them. */
class StreamsWatchTest {

    private static final String THREAD = "scorer-4f1c-StreamThread-";

    private final Map<MetricName, Metric> metrics = new LinkedHashMap<>();

    private void metric(String group, String name, String clientId, Object value) {
        MetricName n = new MetricName(name, group, "", Map.of("client-id", clientId));
        metrics.put(n, new Metric() {
            @Override
            public MetricName metricName() {
                return n;
            }

            @Override
            public Object metricValue() {
                return value;
            }
        });
    }

    @Test
    void onlyTheStreamThreadsMainConsumersAreJudged() {
        metric("consumer-metrics", "last-poll-seconds-ago", THREAD + "1-consumer", 0.0);
        metric("consumer-metrics", "last-poll-seconds-ago", THREAD + "2-consumer", -1.0);
        metric("consumer-metrics", "last-poll-seconds-ago", THREAD + "1-restore-consumer", 9_000.0);
        metric("consumer-metrics", "last-poll-seconds-ago", "scorer-4f1c-global-consumer", 9_000.0);
        metric("consumer-metrics", "last-poll-seconds-ago", "scorer-4f1c-StateUpdater-1-restore-consumer", 9_000.0);
        metric("consumer-metrics", "poll-idle-ratio-avg", THREAD + "1-consumer", 9_000.0);
        metric("producer-metrics", "last-poll-seconds-ago", THREAD + "1-producer", 9_000.0);

        assertThat(StreamsWatch.pollAges(metrics))
                .containsExactly(Map.entry(THREAD + "1-consumer", 0.0), Map.entry(THREAD + "2-consumer", -1.0));
    }

    @Test
    void aThreadThatStoppedPollingBeyondTheLimitIsStalledOneThatNeverPolledIsNot() {
        Map<String, Double> ages = new LinkedHashMap<>();
        ages.put(THREAD + "1-consumer", 2.0);
        ages.put(THREAD + "2-consumer", 361.0);
        ages.put(THREAD + "3-consumer", -1.0);
        ages.put(THREAD + "4-consumer", 360.0);

        assertThat(StreamsWatch.stalled(ages, StreamsWatch.STALL_LIMIT))
                .containsExactly(THREAD + "2-consumer: 361 s");
        assertThat(StreamsWatch.stalled(Map.of(THREAD + "1-consumer", 2.0), StreamsWatch.STALL_LIMIT)).isEmpty();
        assertThat(StreamsWatch.STALL_LIMIT).isGreaterThan(Duration.ofMinutes(5)); // max.poll.interval.ms default
    }

    @Test
    void withoutAnInstanceNothingIsStalledAndTheDetailsPassThrough() {
        StreamsWatch watch = new StreamsWatch();
        assertThat(watch.liveness(Map.of("streams", "CREATED")).details()).containsExactly(
                Map.entry("streams", "CREATED"));
    }
}
