package io.causalstream.deploy.load;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** How far consumer groups are behind, read from the broker with the Admin client. */
final class ConsumerLag {

    /** The group's committed offset of each partition. */
    static Map<String, Long> committed(Admin admin, String group) throws Exception {
        Map<String, Long> out = new HashMap<>();
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS);
        offsets.forEach((tp, om) -> {
            if (om != null) {
                out.put(tp.toString(), om.offset());
            }
        });
        return out;
    }

    static long total(Map<String, Long> m) {
        return m.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Records behind per group: end offsets (read-committed) minus committed offsets. */
    static Map<String, Long> behind(Admin admin, List<String> groups) {
        Map<String, Long> out = new LinkedHashMap<>();
        try {
            Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = new LinkedHashMap<>();
            Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
            for (String g : groups) {
                Map<TopicPartition, OffsetAndMetadata> o = admin.listConsumerGroupOffsets(g)
                        .partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS);
                committed.put(g, o);
                o.keySet().forEach(tp -> ask.put(tp, OffsetSpec.latest()));
            }
            var ends = admin.listOffsets(ask, new org.apache.kafka.clients.admin.ListOffsetsOptions(
                    org.apache.kafka.common.IsolationLevel.READ_COMMITTED)).all().get(10, TimeUnit.SECONDS);
            committed.forEach((g, o) -> {
                long behind = 0;
                for (var e : o.entrySet()) {
                    if (e.getValue() != null && ends.containsKey(e.getKey())) {
                        behind += Math.max(0, ends.get(e.getKey()).offset() - e.getValue().offset());
                    }
                }
                out.put(g, behind);
            });
        } catch (Exception e) {
            // a sample missed: left out of the table
        }
        return out;
    }

    private ConsumerLag() {
    }
}
