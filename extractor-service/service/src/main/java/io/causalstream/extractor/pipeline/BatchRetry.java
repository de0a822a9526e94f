package io.causalstream.extractor.pipeline;

import java.time.Duration;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a failed {@link PassagePipeline} batch leads to: after a fatal error the pipeline stops; after any other,
 * the batch's transaction is aborted, the consumer rewound to the batch and the batch read again after a backoff.
 */
final class BatchRetry {

    // the pipeline's logger: its lines keep the name operators filter on
    private static final Logger log = LoggerFactory.getLogger(PassagePipeline.class);

    private final Consumer<byte[], byte[]> consumer;
    private final Producer<byte[], byte[]> producer;
    private final Duration backoff;

    BatchRetry(Consumer<byte[], byte[]> consumer, Producer<byte[], byte[]> producer, Duration backoff) {
        this.consumer = consumer;
        this.producer = producer;
        this.backoff = backoff;
    }

    /**
     * Errors after which the producer cannot be used again: fenced (another instance now owns this transactional
     * id), a broken sequence, or missing rights. The client sometimes wraps them, hence the walk down the causes.
     */
    static boolean isFatal(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ProducerFencedException || t instanceof OutOfOrderSequenceException
                    || t instanceof AuthorizationException || t instanceof UnsupportedVersionException
                    || t instanceof FencedInstanceIdException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Aborts the batch's transaction when one is open, seeks back to the batch's first offsets and waits the
     * backoff: the next poll reads the batch again.
     */
    void later(ConsumerRecords<byte[], byte[]> records, boolean inTransaction, RuntimeException error) {
        if (inTransaction) {
            try {
                producer.abortTransaction();
            } catch (RuntimeException abortError) {
                abortError.addSuppressed(error);
                throw new IllegalStateException("cannot abort the failed transaction", abortError);
            }
        }
        rewind(records);
        try {
            Thread.sleep(backoff);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptException(e);
        }
    }

    /**
     * Seeks back to the first offset of the batch in each partition. That is the last committed offset: every
     * earlier batch was either committed or rewound like this one. Using the batch itself spares a round trip to
     * a group coordinator that may be the very thing failing.
     */
    private void rewind(ConsumerRecords<byte[], byte[]> records) {
        var assigned = consumer.assignment();
        for (TopicPartition tp : records.partitions()) {
            if (assigned.contains(tp)) {
                consumer.seek(tp, records.records(tp).get(0).offset());
            }
        }
    }

    /** Aborts the open transaction on the way out (shutdown, interruption); a failure is only logged. */
    void abortQuietly(boolean inTransaction) {
        if (inTransaction) {
            try {
                producer.abortTransaction();
            } catch (RuntimeException e) {
                log.debug("abort on shutdown failed; the broker aborts the transaction on timeout", e);
            }
        }
    }
}
