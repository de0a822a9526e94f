package io.causalstream.extractor.pipeline;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.LanguageSupport;
import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.extractor.llm.BackendUnavailableException;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consume-extract-produce loop, exactly once: each polled batch of {@code passages} becomes one Kafka
 * transaction holding its {@code extractions}, its dead letters and the consumer offsets after it. Readers with
 * {@code isolation.level=read_committed} see every passage's outcome once, whatever crashes or rebalances happen.
 *
 * <p>Per batch: decode and validate every record (an undecodable or invalid one is dead-lettered with its original
 * bytes), extract the valid passages concurrently ({@link BatchExtraction}), then begin the transaction, publish
 * the results in input order, add the offsets and commit. Extraction runs before the transaction begins so the
 * transaction stays short even when a slow backend takes a while.
 *
 * <p>A Kafka or registry error aborts the batch and rewinds the consumer, and the batch is retried after a backoff.
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
    private final Deserializer<Passage> passages;
    private final Serializer<Extraction> extractions;
    private final Annotator annotator;
    private final BatchExtraction batchExtraction;
    private final Duration retryBackoff;
    private final ExtractorMetrics metrics;
    private final Clock clock;
    private final int maxPassageChars;
    private final LanguageSupport.Policy unsupportedLanguage;
    /** The dead-letter reason label of a passage in an unsupported language. */
    static final String UNSUPPORTED_LANGUAGE = "unsupported_language";
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
        int maxConcurrency = settings.maxConcurrency();
        Duration retryBackoff = settings.retryBackoff();
        Clock clock = settings.clock();
        int maxPassageChars = settings.maxPassageChars();
        Duration drainTimeout = settings.drainTimeout();
        LanguageSupport.Policy unsupportedLanguage = settings.unsupportedLanguage();
        this.unsupportedLanguage = unsupportedLanguage;
        this.maxPassageChars = maxPassageChars;
        this.drainTimeout = drainTimeout;
        this.consumer = consumer;
        this.producer = producer;
        this.passages = serdes.valueDeserializer(Topics.PASSAGES);
        this.extractions = serdes.valueSerializer(Topics.EXTRACTIONS);
        this.annotator = extractor.annotator();
        this.batchExtraction = new BatchExtraction(extractor, maxConcurrency);
        this.retryBackoff = retryBackoff;
        this.metrics = metrics;
        this.clock = clock;
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

    private sealed interface Item {
        ConsumerRecord<byte[], byte[]> record();
    }

    private record Accepted(ConsumerRecord<byte[], byte[]> record, Passage passage) implements Item {
    }

    /** A passage in a language the extractors do not read: published as an empty extraction saying so. */
    private record Unsupported(ConsumerRecord<byte[], byte[]> record, Passage passage, ParseProblem problem)
            implements Item {
    }

    /** @param reason why, its code the dead-letter reason label (undecodable, unknown_schema_id, invalid, ...) */
    private record Rejected(ConsumerRecord<byte[], byte[]> record, InvalidRecordException reason) implements Item {
    }

    /** What a committed batch adds to the meters: its extractions and the reason label of each dead letter. */
    private record Published(List<ExtractionResult.Success> extractions, List<String> deadLetters) {
    }

    private void process(ConsumerRecords<byte[], byte[]> records) {
        boolean inTransaction = false;
        try {
            List<Item> items = new ArrayList<>(records.count());
            records.forEach(r -> items.add(decode(r)));
            List<ExtractionResult> results = batchExtraction.run(items.stream()
                    .filter(Accepted.class::isInstance).map(i -> ((Accepted) i).passage()).toList());
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
            Published published = publish(items, results.iterator());
            producer.sendOffsetsToTransaction(nextOffsets(records), consumer.groupMetadata());
            commit();
            inTransaction = false;

            published.extractions().forEach(s -> metrics.extracted(s.outcome().triples().size(), s.latency(),
                    s.outcome().problems(), s.outcome().cached()));
            published.deadLetters().forEach(metrics::deadLettered);
            extracted.addAndGet(published.extractions().size());
            deadLettered.addAndGet(published.deadLetters().size());
        } catch (InterruptedException e) {
            abortQuietly(inTransaction);
            Thread.currentThread().interrupt();
            throw new InterruptException(e);
        } catch (WakeupException | InterruptException e) {
            abortQuietly(inTransaction);
            throw e;
        } catch (RuntimeException e) {
            if (isFatal(e)) {
                // Nothing of this batch was committed; the broker (or the instance that fenced this one) aborts
                // the open transaction, and the batch is processed again by whoever owns the partition next.
                throw new IllegalStateException("cannot go on with this producer", e);
            }
            retryLater(records, inTransaction, e);
        }
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

    private Item decode(ConsumerRecord<byte[], byte[]> record) {
        String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
        Passage passage;
        try {
            passage = passages.deserialize(record.topic(), record.headers(), record.value());
        } catch (RuntimeException e) {
            if (TransientFailures.isTransient(e)) {
                throw e; // the registry is unreachable: retry the batch rather than dead-letter good records
            }
            String code = DeadLetters.code(e); // unknown_schema_id, when the registry does not have the schema id
            return new Rejected(record, new InvalidRecordException(code == null ? InvalidRecordException.UNDECODABLE : code,
                    "value is not a Passage in the registry's Avro wire format", e));
        }
        Optional<String> problem = PassageValidation.problem(key, passage, maxPassageChars);
        if (problem.isPresent()) {
            return new Rejected(record, new InvalidRecordException(problem.get()));
        }
        Optional<ParseProblem> language = LanguageSupport.unsupported(passage.getText());
        if (language.isEmpty()) {
            return new Accepted(record, passage);
        }
        if (unsupportedLanguage == LanguageSupport.Policy.DLQ) {
            return new Rejected(record, new InvalidRecordException(UNSUPPORTED_LANGUAGE, "passage '"
                    + passage.getId() + "' is in an unsupported " + language.get().detail() + " ("
                    + LanguageSupport.SETTING + "=dlq)", null));
        }
        return new Unsupported(record, passage, language.get());
    }

    private Published publish(List<Item> items, Iterator<ExtractionResult> results) {
        List<ExtractionResult.Success> published = new ArrayList<>();
        List<String> deadLetters = new ArrayList<>();
        for (Item item : items) {
            switch (item) {
                case Rejected r -> {
                    deadLetter(r.record(), r.reason());
                    deadLetters.add(r.reason().code());
                }
                case Unsupported u -> {
                    ExtractionResult.Success empty = new ExtractionResult.Success(
                            LanguageSupport.reported(u.problem()), Duration.ZERO);
                    send(u.passage(), empty);
                    published.add(empty);
                }
                case Accepted a -> {
                    switch (results.next()) {
                        case ExtractionResult.Success s -> {
                            send(a.passage(), s);
                            published.add(s);
                        }
                        case ExtractionResult.Failure f -> {
                            InvalidRecordException failed = new InvalidRecordException("backend_failed",
                                    "extractor " + annotator.getId() + " failed on passage '"
                                            + a.passage().getId() + "'", f.error());
                            deadLetter(a.record(), failed);
                            deadLetters.add(failed.code());
                        }
                    }
                }
            }
        }
        return new Published(published, deadLetters);
    }

    private void send(Passage passage, ExtractionResult.Success result) {
        Extraction extraction = ExtractionRecords.of(passage.getId(), annotator, result.outcome(), result.latency(),
                clock.instant());
        // Serialized here, not in the producer, so one byte[] producer writes both extractions and dead letters.
        byte[] value = extractions.serialize(Topics.EXTRACTIONS.name(), extraction);
        producer.send(new ProducerRecord<>(Topics.EXTRACTIONS.name(),
                passage.getId().getBytes(StandardCharsets.UTF_8), value));
    }

    private void deadLetter(ConsumerRecord<byte[], byte[]> record, InvalidRecordException reason) {
        log.warn("{}-{}@{} sent to {}: {}", record.topic(), record.partition(), record.offset(),
                Topics.PASSAGES.deadLetterTopic(), DeadLetters.reason(reason));
        // the consumer group is the service's application id: the dead letter names the service that wrote it
        producer.send(DeadLetters.record(record.topic(), record.partition(), record.offset(), record.key(),
                record.value(), record.headers(), reason, consumer.groupMetadata().groupId()));
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
            Thread.sleep(retryBackoff);
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

    private void abortQuietly(boolean inTransaction) {
        if (inTransaction) {
            try {
                producer.abortTransaction();
            } catch (RuntimeException e) {
                log.debug("abort on shutdown failed; the broker aborts the transaction on timeout", e);
            }
        }
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
     * No transaction is open while {@code poll()} runs these callbacks (each batch commits or aborts before the
     * next poll) and nothing is buffered between batches, so a revoked partition needs no flush: its new owner
     * resumes from the committed offsets, and offsets sent with {@code consumer.groupMetadata()} fence a stale
     * owner's commit.
     */
    private static final class RebalanceLog implements ConsumerRebalanceListener {
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
