package io.causalstream.extractor.pipeline;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.schemas.passage.Passage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * Runs the extractions of one polled batch concurrently, one virtual thread per passage and at most
 * {@code maxConcurrency} in flight (an LLM backend waits on I/O; the bound protects the inference server), and
 * returns the results in input order so the output keeps the order of the input partition.
 */
final class BatchExtraction implements AutoCloseable {

    private final Extractor extractor;
    private final Semaphore permits;
    private final ExecutorService threads = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("extractor-", 0).factory());

    BatchExtraction(Extractor extractor, int maxConcurrency) {
        if (maxConcurrency < 1) {
            throw new IllegalArgumentException("maxConcurrency must be at least 1, got " + maxConcurrency);
        }
        this.extractor = extractor;
        this.permits = new Semaphore(maxConcurrency);
    }

    /** One result per passage, same order. A failing passage gives a Failure; it does not stop the others. */
    List<ExtractionResult> run(List<Passage> passages) throws InterruptedException {
        List<Future<ExtractionResult>> futures = new ArrayList<>(passages.size());
        for (Passage p : passages) {
            futures.add(threads.submit(() -> extractOne(p)));
        }
        List<ExtractionResult> results = new ArrayList<>(passages.size());
        try {
            for (Future<ExtractionResult> f : futures) {
                results.add(f.get());
            }
        } catch (InterruptedException e) {
            futures.forEach(f -> f.cancel(true));
            throw e;
        } catch (ExecutionException e) {
            // extractOne catches what a passage can cause; anything else (OutOfMemoryError ...) is the JVM's
            futures.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
        return results;
    }

    private ExtractionResult extractOne(Passage passage) throws InterruptedException {
        permits.acquire();
        try {
            long t0 = System.nanoTime();
            ExtractionOutcome outcome = extractor.extract(passage);
            if (outcome == null) {
                return new ExtractionResult.Failure(new IllegalStateException("the extractor returned no outcome"));
            }
            return new ExtractionResult.Success(outcome, Duration.ofNanos(System.nanoTime() - t0));
        } catch (Exception | StackOverflowError e) {
            // StackOverflowError: a pathological passage (e.g. regex backtracking) is that passage's problem
            return new ExtractionResult.Failure(e);
        } finally {
            permits.release();
        }
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
