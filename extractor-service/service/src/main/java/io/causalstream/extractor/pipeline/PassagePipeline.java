package io.causalstream.extractor.pipeline;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.LanguageSupport;
import io.causalstream.extractor.backend.BackendUnavailableException;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consume-extract-produce loop, exactly once: each polled batch of {@code passages} becomes one Kafka
 * transaction holding its {@code extractions}, its dead letters and the consumer offsets after it. Readers with
 * {@code isolation.level=read_committed} see every passage's outcome once, whatever crashes or rebalances happen.
 *
 * <p>Per batch: decode and validate every record ({@link RecordTriage}: an undecodable or invalid one is
 * dead-lettered with its original bytes), extract the valid passages concurrently ({@link BatchExtraction}), then
 * begin the transaction, publish the results in input order ({@link BatchOutput}), add the offsets and commit.
 * Extraction runs before the transaction begins so the transaction stays short even when a slow backend takes a
 * while.
 *
 * <p>A Kafka or registry error aborts the batch and rewinds the consumer, and the batch is retried after a backoff
 * ({@link BatchRetry}).
 * A fenced producer (another instance took over this transactional id) or a lost authorization stops the loop:
 * {@link #status()} then reports it as failed.
 *
 * <p>The pipeline owns the clients it is given and closes them. The loop runs on its own thread; {@link #close()}
 * wakes the consumer up and waits for the thread.
 */
public final class PassagePipeline implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PassagePipeline.class);
    private static final Duration POLL_TIMEOUT = Duration.ofMillis(500);
    /** How long {@link #close()} waits for the batch in flight by default. */
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(30);
    private static final int COMMIT_ATTEMPTS = 3;

    private final Consumer<byte[], byte[]> consumer;
    private final Producer<byte[], byte[]> producer;
    /** Decodes and checks each record of a batch. */
    private final RecordTriage triage;
    /** Writes a batch's outcome inside its transaction. */
    private final BatchOutput output;
    private final BatchExtraction batchExtraction;
    /** Aborts, rewinds and backs off a failed batch. */
    private final BatchRetry retry;
    private final Duration retryBackoff;
    private final ExtractorMetrics metrics;
    private final Duration drainTimeout;

    private final AtomicLong extracted = new AtomicLong();
    private final AtomicLong deadLettered = new AtomicLong();
    private final AtomicLong failedBatches = new AtomicLong();
    private volatile String lastError;
    private volatile boolean running;
    private volatile boolean failed;
    private volatile boolean closing;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private Thread thread;

    /**
     * How the pipeline works, apart from its collaborators: {@link #defaults()} and the {@code with...} methods
     * name each value where it is set.
     *
     * @param maxConcurrency      passages of a batch extracted at once
     * @param retryBackoff        wait before a failed batch is read again
     * @param clock               the time stamped on extractions
     * @param maxPassageChars     longer passages are dead-lettered as oversized
     *                            ({@link io.causalstream.runtime.CommonSettings#PASSAGE_MAX_CHARS})
     * @param drainTimeout        how long {@link #close()} lets the batch in flight finish (its model calls included)
     * @param unsupportedLanguage what is done with a passage not in English: an empty extraction with a parse
     *                            problem (REPORT), or a dead letter (DLQ)
     */
    public record Settings(int maxConcurrency, Duration retryBackoff, Clock clock, int maxPassageChars,
                           Duration drainTimeout, LanguageSupport.Policy unsupportedLanguage) {

        public Settings {
            if (maxConcurrency < 1) {
                throw new IllegalArgumentException("maxConcurrency must be at least 1, got " + maxConcurrency);
            }
            if (maxPassageChars < 1) {
                throw new IllegalArgumentException("maxPassageChars must be at least 1, got " + maxPassageChars);
            }
            java.util.Objects.requireNonNull(retryBackoff, "retryBackoff");
            java.util.Objects.requireNonNull(clock, "clock");
            java.util.Objects.requireNonNull(drainTimeout, "drainTimeout");
            java.util.Objects.requireNonNull(unsupportedLanguage, "unsupportedLanguage");
        }

        /**
         * One passage at a time, 1 s between retries, the system clock, the common passage limit, a
         * {@link #DEFAULT_DRAIN_TIMEOUT} drain, other languages reported.
         */
        public static Settings defaults() {
            return new Settings(1, Duration.ofSeconds(1), Clock.systemUTC(),
                    io.causalstream.runtime.CommonSettings.DEFAULT_PASSAGE_MAX_CHARS, DEFAULT_DRAIN_TIMEOUT,
                    LanguageSupport.Policy.REPORT);
        }

        public Settings withMaxConcurrency(int n) {
            return new Settings(n, retryBackoff, clock, maxPassageChars, drainTimeout, unsupportedLanguage);
        }

        public Settings withRetryBackoff(Duration d) {
            return new Settings(maxConcurrency, d, clock, maxPassageChars, drainTimeout, unsupportedLanguage);
        }

        public Settings withClock(Clock c) {
            return new Settings(maxConcurrency, retryBackoff, c, maxPassageChars, drainTimeout, unsupportedLanguage);
        }

        public Settings withMaxPassageChars(int n) {
            return new Settings(maxConcurrency, retryBackoff, clock, n, drainTimeout, unsupportedLanguage);
        }

        public Settings withDrainTimeout(Duration d) {
            return new Settings(maxConcurrency, retryBackoff, clock, maxPassageChars, d, unsupportedLanguage);
        }

        public Settings withUnsupportedLanguage(LanguageSupport.Policy p) {
            return new Settings(maxConcurrency, retryBackoff, clock, maxPassageChars, drainTimeout, p);
        }
    }

    /**
     * @param consumer  reads {@code passages} (bytes), read-committed, without auto-commit
     * @param producer  transactional; writes extractions and dead letters
     * @param serdes    decodes passages and encodes extractions
     * @param extractor the extraction backend
     * @param metrics   where the pipeline counts
     * @param settings  how it works
     */
    public PassagePipeline(Consumer<byte[], byte[]> consumer, Producer<byte[], byte[]> producer, SerdeFactory serdes,
                           Extractor extractor, ExtractorMetrics metrics, Settings settings) {
        this.drainTimeout = settings.drainTimeout();
        this.consumer = consumer;
        this.producer = producer;
        this.triage = new RecordTriage(serdes.valueDeserializer(Topics.PASSAGES), settings.maxPassageChars(),
                settings.unsupportedLanguage());
        this.output = new BatchOutput(producer, serdes.valueSerializer(Topics.EXTRACTIONS), extractor.annotator(),
                settings.clock(), () -> consumer.groupMetadata().groupId());
        this.batchExtraction = new BatchExtraction(extractor, settings.maxConcurrency());
        this.retryBackoff = settings.retryBackoff();
        this.retry = new BatchRetry(consumer, producer, retryBackoff);
        this.metrics = metrics;
    }

    /**
     * Registers the transactional id (fencing any older instance that used it, and finishing its open transaction)
     * and starts the loop. Fails here, not later, when the broker is unreachable.
     */
    public synchronized void start() {
        if (thread != null || closing) {
            throw new IllegalStateException("the pipeline can be started once");
        }
        producer.initTransactions();
        running = true;
        // a platform thread: the Kafka clients block in native I/O, and only this thread touches the consumer
        thread = new Thread(this::run, "extractor-pipeline");
        thread.start();
    }

    public PipelineStatus status() {
        return new PipelineStatus(running, failed, extracted.get(), deadLettered.get(), failedBatches.get(),
                lastError);
    }

    private void run() {
        try {
            subscribe();
            while (!closing) {
                pollOnce();
            }
        } catch (WakeupException | InterruptException e) {
            if (!closing) {
                fail(e);
            }
        } catch (Throwable t) {
            fail(t);
        } finally {
            running = false;
            closeClients();
            stopped.countDown();
        }
    }

    /** Blocks until the loop has stopped, after {@link #close()} or on a failure. */
    public void awaitStopped() throws InterruptedException {
        stopped.await();
    }

    void subscribe() {
        consumer.subscribe(List.of(Topics.PASSAGES.name()), new RebalanceLog());
    }

    /** One poll and, if it returned records, one transaction. Package-private so tests can drive the loop. */
    void pollOnce() {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL_TIMEOUT);
        if (!records.isEmpty()) {
            process(records);
        }
    }

    private void process(ConsumerRecords<byte[], byte[]> records) {
        boolean inTransaction = false;
        try {
            List<RecordTriage.Item> items = new ArrayList<>(records.count());
            records.forEach(r -> items.add(triage.of(r)));
            List<ExtractionResult> results = batchExtraction.run(items.stream()
                    .filter(RecordTriage.Accepted.class::isInstance).map(i -> ((RecordTriage.Accepted) i).passage())
                    .toList());
            Optional<Throwable> outage = results.stream().filter(ExtractionResult.Failure.class::isInstance)
                    .map(r -> ((ExtractionResult.Failure) r).error())
                    .filter(BackendUnavailableException.class::isInstance).findFirst();
            if (outage.isPresent()) {
                // the backend is down as a whole (circuit open): no passage is to blame, none is dead-lettered;
                // the batch waits and is tried again
                retryLater(records, false, (RuntimeException) outage.get());
                return;
            }

            producer.beginTransaction();
            inTransaction = true;
            BatchOutput.Published published = output.publish(items, results.iterator());
            producer.sendOffsetsToTransaction(nextOffsets(records), consumer.groupMetadata());
            commit();
            inTransaction = false;

            published.extractions().forEach(s -> metrics.extracted(s.outcome().triples().size(), s.latency(),
                    s.outcome().problems(), s.outcome().cached()));
            published.deadLetters().forEach(metrics::deadLettered);
            extracted.addAndGet(published.extractions().size());
            deadLettered.addAndGet(published.deadLetters().size());
        } catch (InterruptedException e) {
            retry.abortQuietly(inTransaction);
            Thread.currentThread().interrupt();
            throw new InterruptException(e);
        } catch (WakeupException | InterruptException e) {
            retry.abortQuietly(inTransaction);
            throw e;
        } catch (RuntimeException e) {
            if (BatchRetry.isFatal(e)) {
                // Nothing of this batch was committed; the broker (or the instance that fenced this one) aborts
                // the open transaction, and the batch is processed again by whoever owns the partition next.
                throw new IllegalStateException("cannot go on with this producer", e);
            }
            retryLater(records, inTransaction, e);
        }
    }

    /** A commit that times out is still pending in the producer: it must be retried, it cannot be aborted. */
    private void commit() {
        for (int attempt = 1; ; attempt++) {
            try {
                producer.commitTransaction();
                return;
            } catch (TimeoutException e) {
                if (attempt == COMMIT_ATTEMPTS) {
                    throw e;
                }
                log.warn("commit timed out (attempt {} of {}), retrying: {}", attempt, COMMIT_ATTEMPTS,
                        e.getMessage());
            }
        }
    }

    private static Map<TopicPartition, OffsetAndMetadata> nextOffsets(ConsumerRecords<byte[], byte[]> records) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition tp : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> inPartition = records.records(tp);
            ConsumerRecord<byte[], byte[]> last = inPartition.get(inPartition.size() - 1);
            offsets.put(tp, new OffsetAndMetadata(last.offset() + 1, last.leaderEpoch(), ""));
        }
        return offsets;
    }

    private void retryLater(ConsumerRecords<byte[], byte[]> records, boolean inTransaction, RuntimeException error) {
        failedBatches.incrementAndGet();
        lastError = describe(error);
        log.warn("batch of {} records failed, aborting it and retrying in {} ms: {}", records.count(),
                retryBackoff.toMillis(), lastError, error);
        retry.later(records, inTransaction, error);
    }

    private void fail(Throwable t) {
        failed = true;
        lastError = describe(t);
        log.error("extractor pipeline stopped: {}", lastError, t);
    }

    private static String describe(Throwable t) {
        return t.getClass().getSimpleName() + ": " + DeadLetters.reason(t);
    }

    /**
     * Stops the loop gracefully: wakes the consumer up, lets the batch in flight finish (its model requests drain
     * and its transaction commits) within the drain timeout, then closes the clients.
     */
    @Override
    public void close() {
        Thread loop;
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
            loop = thread;
        }
        if (loop == null) {
            closeClients();
            stopped.countDown();
        } else {
            consumer.wakeup();
            try {
                loop.join(drainTimeout);
                if (loop.isAlive()) {
                    log.warn("the batch in flight did not finish within {}; interrupting it (nothing of it is "
                            + "committed: it is processed again after a restart)", drainTimeout);
                    loop.interrupt();
                    loop.join(Duration.ofSeconds(5));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        batchExtraction.close();
    }

    private void closeClients() {
        try {
            consumer.close();
        } catch (RuntimeException e) {
            log.warn("closing the consumer failed", e);
        }
        try {
            producer.close();
        } catch (RuntimeException e) {
            log.warn("closing the producer failed", e);
        }
    }
}
