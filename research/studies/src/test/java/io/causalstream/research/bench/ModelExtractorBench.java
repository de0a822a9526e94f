package io.causalstream.research.bench;

import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.model.ModelExtractor;
import io.causalstream.extractor.backend.model.ModelSettings;
import io.causalstream.extractor.backend.rules.RuleBasedExtractor;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.schemas.passage.Passage;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Throughput of the {@code model} extractor (v3, the fine-tuned encoder) beside its baselines, the v2 frozen-encoder
 * head and the rules, in one run on the released test split: passages per second with N extraction threads (the
 * pipeline calls the backend from several threads at once); the encoder runs one intra-op thread per call:
 * <pre>
 * nice -n 19 java -cp ... io.causalstream.research.bench.ModelExtractorBench [test_data.csv] [threads=2] [rounds=2]
 *     [extractor-v4.bin (default: the shipped model)]
 * </pre>
 * Never run by tests; the first round warms up and is not counted.
 */
public final class ModelExtractorBench {

    public static void main(String[] args) throws Exception {
        List<GoldPassage> passages = args.length > 0 ? ReleasedSplit.read(Path.of(args[0]))
                : ReleasedSplit.read(new InputStreamReader(ModelExtractorBench.class.getResourceAsStream(
                "/soft-measures/test_data.csv"), StandardCharsets.UTF_8));
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        List<Passage> input = passages.stream().map(p -> new Passage("bench", p.text(), null, null, null, Map.of(),
                Instant.EPOCH)).toList();
        double chars = passages.stream().mapToInt(p -> p.text().length()).average().orElse(0);
        System.out.printf("%d test passages (mean %.0f characters), %d threads%n", input.size(), chars, threads);
        // process CPU time beside the wall clock: on a shared machine passages per CPU-second is the stable figure
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean();
        var encoder = new io.causalstream.encoder.EncoderSettings(null, null, null, 256, 32, 1, null);
        try (Extractor rules = new RuleBasedExtractor();
             Extractor v2 = ModelExtractor.create(new ModelSettings(null, null, encoder, ModelSettings.V2, null,
                     null, false));
             Extractor fp32 = ModelExtractor.create(new ModelSettings(null, null, encoder, ModelSettings.V3,
                     args.length > 3 ? Path.of(args[3]) : null, null, false));
             Extractor model = ModelExtractor.create(new ModelSettings(null, null, encoder, ModelSettings.V3,
                     args.length > 3 ? Path.of(args[3]) : null, null, true))) {
            for (Extractor e : List.of(rules, v2, fp32, model)) {
                run(e, input, threads); // warm-up
                for (int r = 0; r < rounds; r++) {
                    long t0 = System.nanoTime();
                    long cpu0 = os.getProcessCpuTime();
                    int triples = run(e, input, threads);
                    double s = (System.nanoTime() - t0) / 1e9;
                    double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
                    System.out.printf("%-16s %7.1f passages/s  %7.1f passages per CPU-second  (%d passages in %.2f s, "
                                    + "%.2f CPU-s, load average %.2f, %d triples)%n", label(e),
                            input.size() / s, input.size() / cpu, input.size(), s, cpu, os.getSystemLoadAverage(),
                            triples);
                }
            }
        }
    }

    /** rules-v1, relation-head-v2, extractor-v4 (fp32) or extractor-v4+int8. */
    private static String label(Extractor e) {
        if (!(e instanceof ModelExtractor m)) {
            return e.annotator().getId();
        }
        String model = m.annotator().getModel();
        return model.substring(0, model.indexOf('+')) + (model.contains("+int8+") ? "+int8"
                : model.startsWith(ModelExtractor.TUNED_NAME) ? " (fp32)" : "");
    }

    private static int run(Extractor e, List<Passage> input, int threads) throws Exception {
        AtomicInteger triples = new AtomicInteger();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> done = input.stream().<Future<?>>map(p -> pool.submit(() ->
                    triples.addAndGet(e.extract(p).triples().size()))).toList();
            for (Future<?> f : done) {
                f.get();
            }
        }
        return triples.get();
    }

    private ModelExtractorBench() {
    }
}
