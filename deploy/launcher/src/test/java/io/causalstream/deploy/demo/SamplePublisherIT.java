package io.causalstream.deploy.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The demo's sample is published once: a second run on the same broker sends nothing (real broker and registry). */
@ExtendWith(KafkaTestCluster.class)
class SamplePublisherIT {

    @Test
    void aSecondPublishOfTheSampleSendsNothing(TestCluster cluster) {
        SampleData data = SampleData.load();
        SamplePublisher publisher = new SamplePublisher(cluster.bootstrapServers(), cluster.serdes());

        List<SamplePublisher.Published> first = publisher.publish(data);
        assertThat(first).extracting(p -> p.sent() + p.alreadyThere())
                .containsExactly(data.passages().size(), data.annotations().size(), data.judgments().size());
        int passages = countOf(cluster, Topics.PASSAGES.name());
        int extractions = countOf(cluster, Topics.EXTRACTIONS.name());
        int judgments = countOf(cluster, Topics.JUDGMENTS.name());

        List<SamplePublisher.Published> second = publisher.publish(data);
        assertThat(second).extracting(SamplePublisher.Published::sent).containsExactly(0, 0, 0);
        assertThat(second).extracting(SamplePublisher.Published::alreadyThere)
                .containsExactly(data.passages().size(), data.annotations().size(), data.judgments().size());
        assertThat(countOf(cluster, Topics.PASSAGES.name())).isEqualTo(passages);
        assertThat(countOf(cluster, Topics.EXTRACTIONS.name())).isEqualTo(extractions);
        assertThat(countOf(cluster, Topics.JUDGMENTS.name())).isEqualTo(judgments);
    }

    /** Records on {@code topic} now: read until two seconds pass without a new one. */
    private static int countOf(TestCluster cluster, String topic) {
        int[] last = {-1};
        long[] since = {System.nanoTime()};
        return cluster.readRawUntil(topic, Duration.ofSeconds(30), rs -> {
            if (rs.size() != last[0]) {
                last[0] = rs.size();
                since[0] = System.nanoTime();
            }
            return rs.size() > 0 && System.nanoTime() - since[0] > Duration.ofSeconds(2).toNanos();
        }).size();
    }
}
