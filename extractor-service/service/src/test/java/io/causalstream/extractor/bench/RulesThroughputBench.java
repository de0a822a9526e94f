package io.causalstream.extractor.bench;

import io.causalstream.extractor.backend.rules.RuleBasedExtractor;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.schemas.passage.Passage;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Passages per second of the embedded rule-based extractor (OpenNLP sentence splitting, tagging, chunking, cue
 * rules) on the 327 passages of the released test split, on 1 thread and on as many threads as cores. Prints its
 * figures; never run by the tests.
 * <pre>
 * deploy/causal-stream bench rules-throughput
 * </pre>
 */
public final class RulesThroughputBench {

    public static void main(String[] args) throws Exception {
        List<Passage> passages = new ArrayList<>();
        try (var in = new InputStreamReader(RulesThroughputBench.class.getResourceAsStream(
                "/soft-measures/test_data.csv"), StandardCharsets.UTF_8)) {
            int i = 0;
            for (GoldPassage p : ReleasedSplit.read(in)) {
                passages.add(new Passage("b" + i++, p.text(), null, null, null, Map.of(), Instant.EPOCH));
            }
        }
        long chars = passages.stream().mapToLong(p -> p.getText().length()).sum();
        RuleBasedExtractor rules = new RuleBasedExtractor();
        System.out.printf(Locale.ROOT, "%d passages, %.0f characters on average, %d cores%n", passages.size(),
                (double) chars / passages.size(), Runtime.getRuntime().availableProcessors());
        run(rules, passages, 1, 5); // warm-up
        for (int threads : new int[] {1, Runtime.getRuntime().availableProcessors()}) {
            double rate = run(rules, passages, threads, 10);
            System.out.printf(Locale.ROOT, "rules, %d thread(s): %.0f passages/s (%.0f characters/s)%n", threads,
                    rate, rate * chars / passages.size());
        }
    }

    /** Extracts for about {@code seconds}, on {@code threads} threads; returns passages per second. */
    private static double run(RuleBasedExtractor rules, List<Passage> passages, int threads, int seconds)
            throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong done = new AtomicLong();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int offset = t;
                workers.add(pool.submit(() -> {
                    for (int i = offset; System.nanoTime() < deadline; i += threads) {
                        rules.extract(passages.get(i % passages.size()));
                        done.incrementAndGet();
                    }
                }));
            }
            for (Future<?> f : workers) {
                f.get();
            }
        }
        return done.get() / ((System.nanoTime() - t0) / 1e9);
    }
}
