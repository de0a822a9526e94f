package io.causalstream.encoder;

import ai.djl.huggingface.tokenizers.Encoding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * How an encoder's call is cut and run: the sequences sorted by length (so padding stays small), cut into batches
 * of {@code encoder.batch.size}, and with {@code encoder.passes} above 1 into at least that many, run at once on
 * threads of their own while the caller waits.
 */
final class EncoderPasses implements AutoCloseable {

    private final String name;
    private final int batchSize;
    /** Forward passes run at once. */
    private final int passes;
    /** The threads of those passes; null with one pass at a time (it runs on the caller's thread). */
    private final java.util.concurrent.ExecutorService passPool;

    /** @param name the encoder's, for its threads and messages */
    EncoderPasses(String name, int batchSize, int passes) {
        this.name = name;
        this.batchSize = batchSize;
        this.passes = passes;
        this.passPool = passes == 1 ? null : java.util.concurrent.Executors.newFixedThreadPool(passes,
                Thread.ofPlatform().daemon().name("encoder-" + name + "-pass-", 0).factory());
    }

    /** One batch's work: its encodings, and where each sits in the call's input. */
    interface BatchWork {
        void run(Encoding[] batch, int[] at);
    }

    /**
     * Sorts the encodings by length, cuts them into batches of at most {@code encoder.batch.size} (and into at
     * least {@code encoder.passes} batches when there are enough sequences), and runs {@code work} on each: in turn on
     * the caller's thread with one pass at a time, else on the pass threads at once, waiting for all of them.
     */
    void run(Encoding[] encodings, BatchWork work) {
        Integer[] order = lengthOrder(encodings);
        int size = Math.max(1, Math.min(batchSize, (order.length + passes - 1) / passes));
        List<Runnable> batches = new ArrayList<>();
        for (int from = 0; from < order.length; from += size) {
            int to = Math.min(order.length, from + size);
            Encoding[] batch = new Encoding[to - from];
            int[] at = new int[batch.length];
            for (int b = 0; b < batch.length; b++) {
                at[b] = order[from + b];
                batch[b] = encodings[at[b]];
            }
            batches.add(() -> work.run(batch, at));
        }
        if (passPool == null || batches.size() == 1) {
            batches.forEach(Runnable::run);
            return;
        }
        List<java.util.concurrent.Future<?>> running = new ArrayList<>();
        for (Runnable batch : batches) {
            running.add(passPool.submit(batch));
        }
        try {
            for (java.util.concurrent.Future<?> f : running) {
                f.get();
            }
        } catch (InterruptedException e) {
            running.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new IllegalStateException("encoder " + name + ": interrupted while its passes ran", e);
        } catch (java.util.concurrent.ExecutionException e) {
            running.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("encoder " + name + " failed: " + e.getCause(), e.getCause());
        }
    }

    private static Integer[] lengthOrder(Encoding[] encodings) {
        Integer[] order = new Integer[encodings.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingInt(i -> encodings[i].getIds().length));
        return order;
    }

    @Override
    public void close() {
        if (passPool != null) {
            passPool.shutdownNow();
        }
    }
}
