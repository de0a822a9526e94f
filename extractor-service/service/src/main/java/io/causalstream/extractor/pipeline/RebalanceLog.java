package io.causalstream.extractor.pipeline;

import java.util.Collection;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * No transaction is open while {@code poll()} runs these callbacks (each batch commits or aborts before the
 * next poll) and nothing is buffered between batches, so a revoked partition needs no flush: its new owner
 * resumes from the committed offsets, and offsets sent with {@code consumer.groupMetadata()} fence a stale
 * owner's commit.
 */
final class RebalanceLog implements ConsumerRebalanceListener {

    // the pipeline's logger: its lines keep the name operators filter on
    private static final Logger log = LoggerFactory.getLogger(PassagePipeline.class);

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        log.info("assigned {}", partitions);
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        if (!partitions.isEmpty()) {
            log.info("revoked {}", partitions);
        }
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        log.warn("lost {} (the group moved on without this instance)", partitions);
    }
}
