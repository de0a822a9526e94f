package io.causalstream.elo.pipeline;

import java.util.Map;
import java.util.TreeMap;

/**
 * How far a consumer group is behind: per partition the log end offset minus the group's committed offset
 * (never below 0), summed per topic. Partitions the group has not committed yet are left out: their lag is
 * unknown, not zero.
 */
public final class ConsumerLag {

    /** A topic partition, without Kafka's class (this library stays Kafka-free). */
    public record Partition(String topic, int partition) {
    }

    /** The lag of one group: total records and per topic, and the committed offsets summed (to derive rates). */
    public record GroupOffsets(String group, long lag, Map<String, Long> lagByTopic, long committedTotal) {
    }

    private ConsumerLag() {
    }

    public static GroupOffsets of(String group, Map<Partition, Long> committed, Map<Partition, Long> endOffsets) {
        Map<String, Long> byTopic = new TreeMap<>();
        long total = 0;
        long committedTotal = 0;
        for (Map.Entry<Partition, Long> c : committed.entrySet()) {
            Long end = endOffsets.get(c.getKey());
            committedTotal += c.getValue();
            if (end == null) {
                continue;
            }
            long lag = Math.max(0, end - c.getValue());
            byTopic.merge(c.getKey().topic(), lag, Long::sum);
            total += lag;
        }
        return new GroupOffsets(group, total, byTopic, committedTotal);
    }
}
