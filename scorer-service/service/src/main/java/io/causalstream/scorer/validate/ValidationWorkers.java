package io.causalstream.scorer.validate;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.scorer.scoring.GraphScorer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.causalstream.validation.verify.AnswerBook;
import io.causalstream.validation.verify.VerifierVerdict;
import java.util.function.Supplier;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs edge validation (the encoder, CESAR, the LLM verifier: slow work) off the stream thread. Each stream task
 * takes its own {@link Lane}: {@link Lane#submit} returns at once, {@link Lane#drain} hands back what has finished
 * for that task. At most {@code threads} jobs run at a time and at most {@link #capacity()} are in flight over all
 * lanes (the topology keeps the rest waiting in its store, so memory stays bounded). Each job has a time budget: past it, its edges are reported as ERROR ("time budget exceeded") and the
 * late result, if it ever comes, is dropped. Plain Java, no Kafka: the topology owns ordering and exactly-once.
 */
public final class ValidationWorkers implements AutoCloseable {

    /** One daemon thread for every pool's budgets: it only flags and cancels, it never runs validation. */
    private static final ScheduledExecutorService TIMEOUTS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "edge-validation-budget");
        t.setDaemon(true);
        return t;
    });

    private final GraphScorer scorer;
    private final ExecutorService pool;
    private final int capacity;
    private final Duration budget;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Consumer<ValidationOutcome> listener;

    private ValidationWorkers(GraphScorer scorer, ExecutorService pool, int capacity, Duration budget,
                              Consumer<ValidationOutcome> listener) {
        this.scorer = scorer;
        this.pool = pool;
        this.capacity = capacity;
        this.budget = budget;
        this.listener = listener;
    }

    /**
     * A pool of {@code threads} daemon threads, {@code 2 * threads} jobs in flight, {@code budget} per job;
     * {@code listener} hears of every finished job on the worker thread (metrics: must be fast, must not throw).
     */
    public static ValidationWorkers pool(GraphScorer scorer, int threads, Duration budget,
                                         Consumer<ValidationOutcome> listener) {
        if (threads < 1) {
            throw new IllegalArgumentException("at least one validation thread is needed, got " + threads);
        }
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "edge-validation-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        return new ValidationWorkers(scorer, pool, 2 * threads, budget, listener);
    }

    /**
     * Validation on the caller's thread, finished when {@link Lane#submit} returns: for topology tests and tools that
     * want results in order without a clock. Never for a service (it would run the models on the stream thread).
     */
    public static ValidationWorkers inline(GraphScorer scorer) {
        return new ValidationWorkers(scorer, null, Integer.MAX_VALUE, null, outcome -> { });
    }

    /** Whether another job can be submitted now. */
    public boolean hasCapacity() {
        return inFlight.get() < capacity;
    }

    public int capacity() {
        return capacity;
    }

    public int inFlight() {
        return inFlight.get();
    }

    /** A new lane: one per stream task, so that each task gets back the outcomes of its own jobs. */
    public Lane lane() {
        return new Lane();
    }

    /** The jobs of one stream task. */
    public final class Lane {

        private final Queue<ValidationOutcome> done = new ConcurrentLinkedQueue<>();

        private Lane() {
        }

        /** Whether another job can be submitted now (over all lanes). */
        public boolean hasCapacity() {
            return ValidationWorkers.this.hasCapacity();
        }

        /** Starts the job; its outcome appears in a later {@link #drain}. Callers check {@link #hasCapacity}. */
        public void submit(ValidationJob job) {
            submitAll(List.of(job));
        }

        /**
         * Starts jobs of one passage text as one task, so that their model calls are batched (one outcome per
         * job, the budget per task). Callers check {@link #hasCapacity}.
         */
        public void submitAll(List<ValidationJob> jobs) {
            ValidationWorkers.this.submit(jobs, done);
        }

        /** The outcomes finished since the last call, in the order they finished. */
        public List<ValidationOutcome> drain() {
            List<ValidationOutcome> out = new ArrayList<>();
            for (ValidationOutcome o; (o = done.poll()) != null; ) {
                out.add(o);
            }
            return out;
        }
    }

    private void submit(List<ValidationJob> jobs, Queue<ValidationOutcome> done) {
        String text = jobs.getFirst().passageText();
        if (jobs.stream().anyMatch(j -> !j.passageText().equals(text))) {
            throw new IllegalArgumentException("jobs validated together must share their passage text");
        }
        inFlight.addAndGet(jobs.size());
        long start = System.nanoTime();
        List<Extraction> extractions = jobs.stream().map(ValidationJob::extraction).toList();
        // the assessments, and the verifier's answers the work asked for (the topology persists them)
        Supplier<AnswerBook.Recorded<List<List<EdgeAssessment>>>> assess =
                () -> scorer.verifierAnswers().recording(() -> scorer.assessAll(extractions, text));
        if (pool == null) {
            var assessed = assess.get();
            finishAll(done, jobs, assessed.result(), null, start, assessed.answers());
            return;
        }
        // exactly one outcome per job: the result or the budget, whichever comes first
        AtomicBoolean settled = new AtomicBoolean();
        Future<?> task = pool.submit(() -> {
            var assessed = assess.get();
            if (settled.compareAndSet(false, true)) {
                finishAll(done, jobs, assessed.result(), null, start, assessed.answers());
            }
        });
        TIMEOUTS.schedule(() -> {
            if (settled.compareAndSet(false, true)) {
                // interrupts the worker: an HTTP call to the verifier stops; CPU work finishes and is dropped
                task.cancel(true);
                String reason = "validation exceeded its time budget of " + budget.toMillis() + " ms";
                finishAll(done, jobs, jobs.stream().map(j -> EdgeAssessment.errors(j.edges(), reason)).toList(),
                        reason, start, Map.of());
            }
        }, budget.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void finishAll(Queue<ValidationOutcome> done, List<ValidationJob> jobs,
                           List<List<EdgeAssessment>> assessments, String error, long start,
                           Map<String, VerifierVerdict> answers) {
        for (int i = 0; i < jobs.size(); i++) {
            finish(done, jobs.get(i), assessments.get(i), error, start, answers);
        }
    }

    private void finish(Queue<ValidationOutcome> done, ValidationJob job, List<EdgeAssessment> assessments,
                        String error, long start, Map<String, VerifierVerdict> answers) {
        ValidationOutcome outcome = new ValidationOutcome(job, assessments, error, System.nanoTime() - start,
                answers);
        listener.accept(outcome); // before the outcome can be published: metrics never lag the output
        done.add(outcome);
        inFlight.decrementAndGet();
    }

    /** Stops the threads; running jobs are abandoned (their inputs are still pending in the store). */
    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
