package io.causalstream.extractor.pipeline;

/**
 * A snapshot of the pipeline for /health.
 *
 * @param running       the loop thread is running
 * @param failed        the loop stopped on an error it cannot recover from (e.g. a fenced producer)
 * @param extracted     passages whose extraction was committed to {@code extractions}
 * @param deadLettered  records committed to {@code passages.dlq}
 * @param failedBatches batches aborted and retried (Kafka or registry errors)
 * @param lastError     the last error seen, or null
 */
public record PipelineStatus(boolean running, boolean failed, long extracted, long deadLettered,
                             long failedBatches, String lastError) {

    public long recordsProcessed() {
        return extracted + deadLettered;
    }

    public boolean healthy() {
        return running && !failed;
    }
}
