package io.causalstream.extractor.bench;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.openai.OpenAiProtocolStandIn;
import io.causalstream.extractor.llm.LlmExtractor;
import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Requests per second the client pipeline sustains against a zero-latency stand-in server in the same JVM: the
 * whole per-passage path (three-shot prompt, cache lookup, rate limiter, breaker, HTTP/JSON, tolerant parse, span
 * alignment) with {@code concurrency} passages in flight on virtual threads. The stand-in shares the machine's
 * cores, so the client alone does better. Goal: well above an inference server's ~15 requests/s for a 7-8B model.
 * <pre>
 * deploy/causal-stream bench client-pipeline [20000 64]
 * </pre>
 */
public final class ClientPipelineBench {

    private static final String ANSWER = "Causal Relation Triplets : <triplet> drought <subj> crop yields <obj> "
            + "negative <triplet> irrigation <subj> farm income <obj> positive";

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        try (OpenAiProtocolStandIn server = new OpenAiProtocolStandIn().notRecording().answering(p -> ANSWER)) {
            for (String endpoint : new String[] {"chat", "completions"}) {
                Map<String, String> settings = new HashMap<>(server.settings(Map.of(
                        "extractor.openai.endpoint", endpoint, "extractor.openai.structured.output", "false",
                        "extractor.cache.enabled", "false", "extractor.openai.max.in.flight",
                        Integer.toString(concurrency), "extractor.openai.batch.size", "8",
                        "extractor.openai.batch.linger.ms", "2")));
                try (LlmExtractor extractor = (LlmExtractor) ExtractorBackends.create(
                        BackendConfig.read(ExtractorBackends.OPENAI, settings::get))) {
                    run(extractor, 2_000, concurrency); // warm-up: JIT, connections
                    int before = server.requestCount();
                    long t0 = System.nanoTime();
                    run(extractor, requests, concurrency);
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    int http = server.requestCount() - before;
                    System.out.printf(Locale.ROOT, "%-11s %d passages, %d in flight: %.0f passages/s, %d HTTP "
                            + "requests (%.0f requests/s) in %.1f s%n", endpoint, requests, concurrency,
                            requests / seconds, http, http / seconds, seconds);
                }
            }
        }
    }

    private static void run(LlmExtractor extractor, int n, int concurrency) throws InterruptedException {
        Semaphore slots = new Semaphore(concurrency);
        AtomicLong failures = new AtomicLong();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
                slots.acquire();
                Passage p = new Passage("bench-" + i, "Drought reduces crop yields while irrigation raises farm "
                        + "income (" + i + ").", null, null, null, Map.of(), Instant.EPOCH);
                threads.submit(() -> {
                    try {
                        if (extractor.extract(p).triples().size() != 2) {
                            failures.incrementAndGet();
                        }
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                    } finally {
                        slots.release();
                    }
                });
            }
        }
        if (failures.get() > 0) {
            throw new IllegalStateException(failures.get() + " of " + n + " passages failed");
        }
    }
}
