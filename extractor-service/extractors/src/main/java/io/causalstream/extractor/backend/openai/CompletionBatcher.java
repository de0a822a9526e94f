package io.causalstream.extractor.backend.openai;

import io.causalstream.extractor.backend.BackendException;
import io.causalstream.extractor.generator.Generation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Gathers prompts submitted from many threads into one completions request of up to {@code batchSize} prompts:
 * the first prompt waits at most {@code linger} for others to join. Inference servers batch on the GPU anyway; one
 * request for eight prompts saves seven round trips and keeps the server's batch full. A failed request fails
 * every prompt in it (each was already retried as part of the request).
 */
final class CompletionBatcher implements AutoCloseable {

    private record Pending(String prompt, CompletableFuture<Generation> result) {
    }

    private static final Pending STOP = new Pending(null, null);

    private final int batchSize;
    private final long lingerNanos;
    private final Function<List<String>, List<Generation>> send;
    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final ExecutorService requests = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("openai-batch-", 0).factory());
    private final Thread dispatcher;
    private volatile boolean closed;

    CompletionBatcher(int batchSize, Duration linger, Function<List<String>, List<Generation>> send) {
        this.batchSize = batchSize;
        this.lingerNanos = linger.toNanos();
        this.send = send;
        this.dispatcher = Thread.ofVirtual().name("openai-batcher").start(this::dispatch);
    }

    /** Blocks until the prompt's batch came back. */
    Generation submit(String prompt) {
        if (closed) {
            throw new BackendException("the completions batcher is closed");
        }
        CompletableFuture<Generation> result = new CompletableFuture<>();
        queue.add(new Pending(prompt, result));
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendException("interrupted while waiting for a batched completion", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new BackendException("batched completion failed", e.getCause());
        }
    }

    private void dispatch() {
        try {
            while (true) {
                Pending first = queue.take();
                if (first == STOP) {
                    return;
                }
                List<Pending> batch = new ArrayList<>(batchSize);
                batch.add(first);
                long deadline = System.nanoTime() + lingerNanos;
                boolean stop = false;
                while (batch.size() < batchSize) {
                    long left = deadline - System.nanoTime();
                    Pending next = left <= 0 ? queue.poll() : queue.poll(left, TimeUnit.NANOSECONDS);
                    if (next == null) {
                        break;
                    }
                    if (next == STOP) {
                        stop = true;
                        break;
                    }
                    batch.add(next);
                }
                requests.submit(() -> run(batch));
                if (stop) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run(List<Pending> batch) {
        try {
            List<Generation> generations = send.apply(batch.stream().map(Pending::prompt).toList());
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).result().complete(generations.get(i));
            }
        } catch (RuntimeException e) {
            batch.forEach(p -> p.result().completeExceptionally(e));
        }
    }

    /** Sends what is queued, waits for the requests under way, then stops. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        queue.add(STOP);
        try {
            dispatcher.join(Duration.ofSeconds(30));
            requests.shutdown();
            if (!requests.awaitTermination(30, TimeUnit.SECONDS)) {
                requests.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            requests.shutdownNow();
        }
        for (Pending p; (p = queue.poll()) != null; ) {
            if (p != STOP) {
                p.result().completeExceptionally(new BackendException("the completions batcher closed"));
            }
        }
    }
}
