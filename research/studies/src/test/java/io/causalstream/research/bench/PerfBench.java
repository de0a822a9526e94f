package io.causalstream.research.bench;

import io.causalstream.cesar.CesarHead;
import io.causalstream.cesar.CesarHeadFile;
import io.causalstream.cesar.CesarKernel;
import io.causalstream.cesar.CesarScorer;
import io.causalstream.cesar.CesarStrength;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TextPair;
import io.causalstream.measures.RawEdge;
import io.causalstream.research.cesar.eval.DefeasibilityData;
import io.causalstream.research.study.Annotation;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.validation.EdgeValidation;
import io.causalstream.validation.PairReader;
import io.causalstream.validation.StrengthModel;
import io.causalstream.validation.ValidatedGraph;
import io.causalstream.validation.ValidationSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Encoder, CESAR and validation throughput side by side, in one run, before and after (issue 11, item 3):
 * <ul>
 *   <li><b>interleaved</b>: the encoder, CESAR with the whole head in the encoder's ONNX graph ({@code new
 *       CesarScorer(encoder, head)}, the default) and CESAR with the kernel head, in turns on 100-pair slices, so
 *       that a drifting machine load hits all three alike ({@code --interleaved-only} runs this part alone);</li>
 *   <li><b>head only</b>, one thread, on the 500 pairs encoded once: the straightforward head ({@link CesarStrength},
 *       double), the kernel with its products in Java loops ({@code new CesarKernel(head, false)}, the previous fast
 *       head) and the kernel with its products through ONNX Runtime ({@code new CesarKernel(head)}, now the
 *       default);</li>
 *   <li><b>encoder</b>: the 500 (cause, effect) pairs of {@code CS_metric_test.csv}, encoded jointly (pairs/s);</li>
 *   <li><b>CESAR</b>: the same pairs end to end ({@link CesarScorer#strengths}) with the head in the encoder's graph,
 *       with the ONNX Runtime (kernel) head, with the
 *       Java-loop head, and the straightforward path kept as the reference ({@link CesarScorer#referenceStrengths});
 *       edges/s, the ratio to the encoder's pairs/s of the same round, and the largest difference between the
 *       strengths;</li>
 *   <li><b>validation</b> with CESAR and embedding grounding, on the demo's extractions (the 20 Elo passages, every
 *       annotation of each): after, all of them in one {@code validateAll} and one {@code validate} per extraction
 *       (as the scorer calls it), each round on a fresh validation (cold caches); before (first round only, it is
 *       slow), a fresh validation per extraction (no state kept between calls, as the old code) with the reference
 *       head.</li>
 * </ul>
 * Every figure is given per wall-clock second and per CPU-second of the whole process (ONNX Runtime's native
 * threads included; one thread's CPU time for the head-only figures): on a shared machine the wall clock
 * measures the load as much as the code, the CPU time much less so.
 * Arguments: {@code --encoder minilm-q} (the quantized MiniLM; default the full-precision one), {@code --rounds N}
 * (default 3), {@code --no-baseline}. Prints figures, the best round and the spread; never run by tests. Run with
 * {@code mvn -B -q -o -Pbench -pl research/benchmarks -am verify -DskipTests -Dbench=perf} (under {@code nice}), or {@code java -cp} the test
 * class path from {@code research/studies}.
 */
public final class PerfBench {

    private static int passes = 3;

    public static void main(String[] args) throws Exception {
        String encoderName = null;
        int rounds = 3;
        boolean baseline = true;
        boolean interleavedOnly = false;
        boolean validationOnly = false;
        int batch = EncoderSettings.DEFAULT_BATCH_SIZE;
        int threads = 0;
        int encoderPasses = 1;
        Path modelPath = null;
        Path headPath = null;
        boolean minilmGrounding = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--encoder" -> encoderName = args[++i];
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--no-baseline" -> baseline = false;
                case "--interleaved-only" -> interleavedOnly = true;
                case "--passes" -> passes = Integer.parseInt(args[++i]);
                case "--validation-only" -> validationOnly = true;
                case "--batch" -> batch = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--encoder-passes" -> encoderPasses = Integer.parseInt(args[++i]);
                case "--model" -> modelPath = Path.of(args[++i]);
                case "--head" -> headPath = Path.of(args[++i]);
                case "--grounding-minilm" -> minilmGrounding = true;
                case "--no-evidence" -> evidence = false;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        List<TextPair> pairs = new ArrayList<>();
        for (DefeasibilityData.TestRow row : new DefeasibilityData(resource("defeasibility"))
                .testRows()) {
            pairs.add(new TextPair(row.cause(), row.effect()));
        }
        List<EdgeValidation.Extraction> demo = demoExtractions();
        int demoTriples = demo.stream().mapToInt(x -> x.triples().size()).sum();
        EncoderSettings settings = new EncoderSettings(modelPath, null, encoderName, EncoderSettings.DEFAULT_MAX_TOKENS,
                batch, threads, null, encoderPasses);
        CesarHead head = headPath == null ? CesarHeadFile.readBundledFor(settings.name())
                : CesarHeadFile.read(headPath);
        System.out.printf(Locale.ROOT, "perf bench: %d cores, load average %s, encoder %s (batch %d, threads %d, passes %d); "
                        + "%d CESAR pairs; demo: %d extractions, %d triples%n",
                Runtime.getRuntime().availableProcessors(), load(), settings.name(), settings.batchSize(),
                settings.threads(), settings.passes(), pairs.size(), demo.size(), demoTriples);
        Map<String, List<Double>> figures = new LinkedHashMap<>();
        try (DjlTokenEncoder encoder = DjlTokenEncoder.open(settings)) {
            CesarKernel onnxKernel = new CesarKernel(head);
            CesarKernel javaKernel = new CesarKernel(head, false);
            CesarScorer fused = new CesarScorer(encoder, head);
            CesarScorer scorer = new CesarScorer(encoder, head, onnxKernel);
            CesarScorer javaScorer = new CesarScorer(encoder, head, javaKernel);
            System.out.println("head products through ONNX Runtime: " + onnxKernel.onnx() + "; whole head in the "
                    + "encoder's graph: " + fused.inEncoderGraph());
            // warm-up: JIT and ONNX Runtime's first runs
            encoder.encodePairs(pairs.subList(0, 64));
            fused.strengths(pairs.subList(0, 64));
            scorer.strengths(pairs.subList(0, 64));
            if (validationOnly) {
                // --grounding-minilm: grounding on the full-precision MiniLM, as the scorer does beside bge-small
                try (DjlTokenEncoder grounding = minilmGrounding
                        ? DjlTokenEncoder.open(EncoderSettings.bundledMiniLm()) : null) {
                    grounding(grounding == null ? encoder : grounding);
                    // the default stages: the shipped reader, opened once as the scorer opens it
                    try (PairReader reader = EdgeValidation.openReader(ValidationSettings.defaults(), settings)) {
                        if (settings.passes() == 1) {
                            validationOnly(rounds, encoder, fused, null, null, reader, demo, figures);
                            return;
                        }
                        // the baseline in the same run: the same encoder, one forward pass at a time over the cores
                        try (DjlTokenEncoder onePass = DjlTokenEncoder.open(settings.withPasses(1))) {
                            validationOnly(rounds, encoder, fused, onePass, new CesarScorer(onePass, head), reader,
                                    demo, figures);
                        }
                    }
                }
                return;
            }
            if (interleavedOnly) {
                for (int r = 1; r <= rounds; r++) {
                    interleaved(r, encoder, fused, scorer, pairs, figures);
                }
                summary(rounds, figures);
                return;
            }
            validation(encoder, fused::strengths).validateAll(demo.subList(0, 10));
            scorer.strengths(pairs.subList(0, 64));
            javaScorer.strengths(pairs.subList(0, 64));
            scorer.referenceStrengths(pairs.subList(0, 64));
            validation(encoder, scorer::strengths).validateAll(demo.subList(0, 10));
            List<float[][]> causes = new ArrayList<>();
            List<float[][]> effects = new ArrayList<>();
            for (var t : encoder.encodePairs(pairs)) {
                causes.add(t.segment(0));
                effects.add(t.segment(1));
            }
            onnxKernel.scores(causes.subList(0, 64), effects.subList(0, 64));
            javaKernel.scores(causes.subList(0, 64), effects.subList(0, 64));
            for (int r = 1; r <= rounds; r++) {
                interleaved(r, encoder, fused, scorer, pairs, figures);
                // the head's arithmetic alone, one thread, on the pairs encoded once
                StringBuilder headLine = new StringBuilder(String.format(Locale.ROOT, "round %d: head only, one "
                        + "thread, edges/s (per thread-CPU-s):", r));
                for (CesarKernel kernel : List.of(onnxKernel, javaKernel)) {
                    Rate rate = Rate.ofThread(pairs.size(), () -> {
                        for (int from = 0; from < causes.size(); from += 8) {
                            int to = Math.min(causes.size(), from + 8);
                            kernel.scores(causes.subList(from, to), effects.subList(from, to));
                        }
                    });
                    String name = kernel.onnx() ? "ONNX Runtime products" : "Java-loop products";
                    rate.put(figures, "head only, " + name);
                    headLine.append(String.format(Locale.ROOT, " %s %s,", name, rate));
                }
                if (baseline) {
                    Rate before = Rate.ofThread(pairs.size(), () -> {
                        for (int i = 0; i < causes.size(); i++) {
                            CesarStrength.score(head, causes.get(i), effects.get(i));
                        }
                    });
                    before.put(figures, "head only, straightforward (before)");
                    headLine.append(String.format(Locale.ROOT, " straightforward %s", before));
                }
                System.out.println(headLine);

                Rate encoderRate = Rate.of(pairs.size(), () -> encoder.encodePairs(pairs));
                encoderRate.put(figures, "encoder pairs/s");
                double[] inGraph = new double[pairs.size()];
                Rate fusedRate = Rate.of(pairs.size(), () -> System.arraycopy(fused.strengths(pairs), 0, inGraph, 0,
                        inGraph.length));
                fusedRate.put(figures, "CESAR edges/s (whole head in the encoder's graph)");
                put(figures, "CESAR / encoder (whole head in the encoder's graph)", fusedRate.wall / encoderRate.wall);
                put(figures, "CESAR / encoder per CPU-s (whole head in the encoder's graph)",
                        fusedRate.cpu / encoderRate.cpu);
                // the encoder again after the head: a drift of the machine's load shows as a difference
                Rate encoderAfter = Rate.of(pairs.size(), () -> encoder.encodePairs(pairs));
                encoderAfter.put(figures, "encoder pairs/s (again, after CESAR)");
                double[] fast = new double[pairs.size()];
                Rate cesarRate = Rate.of(pairs.size(), () -> System.arraycopy(scorer.strengths(pairs), 0, fast, 0,
                        fast.length));
                cesarRate.put(figures, "CESAR edges/s (ONNX Runtime head)");
                put(figures, "CESAR / encoder (ONNX Runtime head)", cesarRate.wall / encoderRate.wall);
                put(figures, "CESAR / encoder per CPU-s (ONNX Runtime head)", cesarRate.cpu / encoderRate.cpu);
                double[] javaHead = new double[pairs.size()];
                Rate javaRate = Rate.of(pairs.size(), () -> System.arraycopy(javaScorer.strengths(pairs), 0,
                        javaHead, 0, javaHead.length));
                javaRate.put(figures, "CESAR edges/s (Java-loop head)");
                put(figures, "CESAR / encoder (Java-loop head)", javaRate.wall / encoderRate.wall);
                put(figures, "CESAR / encoder per CPU-s (Java-loop head)", javaRate.cpu / encoderRate.cpu);
                String line = String.format(Locale.ROOT, "round %d: encoder %s pairs/s, again %s | CESAR, whole head "
                        + "in the encoder's graph %s edges/s (%3.0f%% of encoder; per CPU-s %3.0f%%), max |graph - "
                        + "straightforward| %.1e | ", r, encoderRate, encoderAfter, fusedRate,
                        100 * fusedRate.wall / encoderRate.wall, 100 * fusedRate.cpu / encoderRate.cpu,
                        maxDifference(inGraph, scorer.referenceStrengths(pairs)));
                line += String.format(Locale.ROOT, "CESAR, ONNX Runtime head %s "
                        + "edges/s (%3.0f%% of encoder; per CPU-s %3.0f%%), Java-loop head %s (%3.0f%%; %3.0f%%), "
                        + "max |ONNX - Java| %.1e", cesarRate, 100 * cesarRate.wall / encoderRate.wall,
                        100 * cesarRate.cpu / encoderRate.cpu, javaRate, 100 * javaRate.wall / encoderRate.wall,
                        100 * javaRate.cpu / encoderRate.cpu, maxDifference(fast, javaHead));
                if (baseline) {
                    double[] reference = new double[pairs.size()];
                    Rate before = Rate.of(pairs.size(), () -> System.arraycopy(scorer.referenceStrengths(pairs), 0,
                            reference, 0, reference.length));
                    before.put(figures, "CESAR edges/s (straightforward, before)");
                    put(figures, "CESAR / encoder (straightforward, before)", before.wall / encoderRate.wall);
                    line += String.format(Locale.ROOT, ", straightforward %s (%3.0f%%), max |ONNX - straightforward| "
                            + "%.1e", before, 100 * before.wall / encoderRate.wall, maxDifference(fast, reference));
                }
                System.out.println(line);

                int[] edges = new int[1];
                Rate batchedFused = Rate.of(edges, () -> {
                    edges[0] = count(validation(encoder, fused::strengths).validateAll(demo));
                });
                batchedFused.put(figures, "validation edges/s (validateAll, head in the encoder's graph)");
                Rate batched = Rate.of(edges, () -> {
                    edges[0] = count(validation(encoder, scorer::strengths).validateAll(demo));
                });
                EdgeValidation single = validation(encoder, fused::strengths);
                Rate perExtraction = Rate.of(edges, () -> {
                    int n = 0;
                    for (EdgeValidation.Extraction x : demo) {
                        n += single.validate(x.passageText(), x.triples()).edges().size();
                    }
                    edges[0] = n;
                });
                Rate batchedJava = Rate.of(edges, () -> {
                    edges[0] = count(validation(encoder, javaScorer::strengths).validateAll(demo));
                });
                batched.put(figures, "validation edges/s (validateAll, ONNX Runtime head)");
                perExtraction.put(figures, "validation edges/s (per extraction, head in the encoder's graph)");
                batchedJava.put(figures, "validation edges/s (validateAll, Java-loop head)");
                line = String.format(Locale.ROOT, "round %d: validation %s edges/s (validateAll, head in the "
                        + "encoder's graph), %s (validateAll, ONNX Runtime head), %s (validate per "
                        + "extraction), %s (validateAll, Java-loop head); %d edges", r, batchedFused, batched,
                        perExtraction,
                        batchedJava, edges[0]);
                if (baseline && r == 1) {
                    Rate before = Rate.of(edges, () -> {
                        int n = 0;
                        for (EdgeValidation.Extraction x : demo) {
                            n += validation(encoder, scorer::referenceStrengths)
                                    .validate(x.passageText(), x.triples()).edges().size();
                        }
                        edges[0] = n;
                    });
                    before.put(figures, "validation edges/s (before)");
                    line += String.format(Locale.ROOT, " | before %s edges/s", before);
                }
                System.out.println(line + String.format(Locale.ROOT, " (load average %s)", load()));
            }
        }
        summary(rounds, figures);
    }

    /**
     * {@code --validation-only}: staged validation of the demo's extractions (cold, one {@code validateAll}, head in
     * the encoder's graph) per round, then whether the strengths depend on the batch: the demo validated in reverse
     * order (other batch neighbours) against the forward order, the largest strength difference.
     */
    private static void validationOnly(int rounds, DjlTokenEncoder encoder, CesarScorer fused,
                                       DjlTokenEncoder onePass, CesarScorer onePassFused, PairReader reader,
                                       List<EdgeValidation.Extraction> demo, Map<String, List<Double>> figures) {
        validation(encoder, fused::strengths).validateAll(demo.subList(0, 10));
        defaultStages(reader, fused).validateAll(demo.subList(0, 10));
        if (onePass != null) {
            validation(onePass, onePassFused::strengths).validateAll(demo.subList(0, 10));
        }
        List<ValidatedGraph> forward = null;
        for (int r = 1; r <= rounds; r++) {
            int[] edges = new int[1];
            List<List<ValidatedGraph>> result = new ArrayList<>();
            Rate rate = Rate.of(edges, () -> {
                result.add(validation(encoder, fused::strengths).validateAll(demo));
                edges[0] = count(result.getFirst());
            });
            forward = result.getFirst();
            rate.put(figures, "validation edges/s, the stages before the reader (before)");
            int[] readEdges = new int[1];
            int[] validated = new int[2];
            Rate readerRate = Rate.of(readEdges, () -> {
                List<ValidatedGraph> graphs = defaultStages(reader, fused).validateAll(demo);
                readEdges[0] = count(graphs);
                validated[0] = validatedCount(graphs);
            });
            validated[1] = validatedCount(forward);
            readerRate.put(figures, "validation edges/s, the default stages (the reader)");
            String line = String.format(Locale.ROOT, "round %d: stages before the reader (lexical sign, embedding "
                    + "grounding, CESAR) %s edges/s, %d edges, %d VALIDATED | default stages (the reader%s) %s "
                    + "edges/s, %d edges, %d VALIDATED", r, rate, edges[0], validated[1],
                    ValidationSettings.defaults().strength() ? ", CESAR" : "", readerRate, readEdges[0], validated[0]);
            if (onePass != null) {
                Rate before = Rate.of(edges, () -> {
                    edges[0] = count(validation(onePass, onePassFused::strengths).validateAll(demo));
                });
                before.put(figures, "validation edges/s, one forward pass at a time (before)");
                line += String.format(Locale.ROOT, " | one pass at a time (before) %s edges/s", before);
            }
            System.out.println(line + String.format(Locale.ROOT, " (load average %s)", load()));
        }
        List<EdgeValidation.Extraction> reversed = new ArrayList<>(demo);
        java.util.Collections.reverse(reversed);
        List<ValidatedGraph> backward = validation(encoder, fused::strengths).validateAll(reversed);
        java.util.Collections.reverse(backward);
        double max = 0;
        int states = 0;
        for (int g = 0; g < forward.size(); g++) {
            for (int e = 0; e < forward.get(g).edges().size(); e++) {
                var a = forward.get(g).edges().get(e);
                var b = backward.get(g).edges().get(e);
                if (a.strength() != null && b.strength() != null) {
                    max = Math.max(max, Math.abs(a.strength() - b.strength()));
                }
                states += a.state() == b.state() ? 0 : 1;
            }
        }
        System.out.printf(Locale.ROOT, "batch dependence: max |strength forward - reversed| %.2e, states that "
                + "differ %d%n", max, states);
        List<TextPair> asked = new ArrayList<>();
        validation(encoder, p -> {
            asked.addAll(p);
            return fused.strengths(p);
        }).validateAll(demo);
        System.out.printf(Locale.ROOT, "CESAR pairs asked: %d, mean characters cause %.0f, effect %.0f%n",
                asked.size(), asked.stream().mapToInt(p -> p.first().length()).average().orElse(0),
                asked.stream().mapToInt(p -> p.second().length()).average().orElse(0));
        summary(rounds, figures);
    }

    private static void summary(int rounds, Map<String, List<Double>> figures) {
        System.out.printf(Locale.ROOT, "summary over %d rounds (best, then min..max; the machine's cores are shared, "
                + "so the best round is the least disturbed; load average now %s):%n", rounds, load());
        figures.forEach((name, values) -> {
            DoubleSummaryStatistics s = values.stream().mapToDouble(Double::doubleValue).summaryStatistics();
            boolean ratio = name.contains(" / ");
            System.out.printf(Locale.ROOT, ratio ? "  %-60s best %6.0f%%  (%.0f%%..%.0f%%)%n"
                    : "  %-60s best %7.1f  (%.1f..%.1f)%n", name, (ratio ? 100 : 1) * s.getMax(),
                    (ratio ? 100 : 1) * s.getMin(), (ratio ? 100 : 1) * s.getMax());
        });
    }

    /**
     * The encoder, CESAR with the head in the encoder's graph and CESAR with the kernel head, alternating on slices
     * of 100 pairs ({@code --passes}, default 3, passes over the 500), each one's wall and process CPU time summed: on a machine whose load
     * drifts, alternation gives the three the same conditions, which one long run after the other does not.
     */
    private static void interleaved(int round, DjlTokenEncoder encoder, CesarScorer fused, CesarScorer kernel,
                                    List<TextPair> pairs, Map<String, List<Double>> figures) {
        long[] wall = new long[3];
        long[] cpu = new long[3];
        int items = 0;
        for (int pass = 0; pass < passes; pass++) {
            for (int from = 0; from < pairs.size(); from += 100) {
                List<TextPair> slice = pairs.subList(from, Math.min(pairs.size(), from + 100));
                items += slice.size();
                for (int v = 0; v < 3; v++) {
                    int variant = (v + pass) % 3;
                    long c0 = Rate.processCpu();
                    long t0 = System.nanoTime();
                    switch (variant) {
                        case 0 -> encoder.encodePairs(slice);
                        case 1 -> fused.strengths(slice);
                        default -> kernel.strengths(slice);
                    }
                    wall[variant] += System.nanoTime() - t0;
                    cpu[variant] += Rate.processCpu() - c0;
                }
            }
        }
        String[] names = {"encoder pairs/s", "CESAR edges/s (whole head in the encoder's graph)",
                "CESAR edges/s (ONNX Runtime head)"};
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "round %d: interleaved, %d pairs each:",
                round, items));
        for (int v = 0; v < 3; v++) {
            Rate rate = new Rate(items / (wall[v] / 1e9), items / (cpu[v] / 1e9));
            rate.put(figures, "interleaved " + names[v]);
            line.append(String.format(Locale.ROOT, " %s %s", names[v], rate));
            if (v > 0) {
                put(figures, "interleaved CESAR / encoder (" + (v == 1 ? "head in the encoder's graph"
                        : "ONNX Runtime head") + ")", (double) wall[0] / wall[v]);
                put(figures, "interleaved CESAR / encoder per CPU-s (" + (v == 1 ? "head in the encoder's graph"
                        : "ONNX Runtime head") + ")", (double) cpu[0] / cpu[v]);
                line.append(String.format(Locale.ROOT, " (%3.0f%% of encoder; per CPU-s %3.0f%%)",
                        100.0 * wall[0] / wall[v], 100.0 * cpu[0] / cpu[v]));
            }
            line.append(v < 2 ? ";" : "");
        }
        System.out.println(line + String.format(Locale.ROOT, " (load average %s)", load()));
    }

    /** Items per wall-clock second and per CPU-second (the process's, or one thread's). */
    private record Rate(double wall, double cpu) {

        static Rate of(int items, Runnable work) {
            return of(new int[] {items}, work);
        }

        /** The count written by the work into {@code items[0]}. */
        static Rate of(int[] items, Runnable work) {
            long cpu = processCpu();
            long start = System.nanoTime();
            work.run();
            long wall = System.nanoTime() - start;
            return new Rate(items[0] / (wall / 1e9), items[0] / ((processCpu() - cpu) / 1e9));
        }

        static Rate ofThread(int items, Runnable work) {
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            long cpu = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            work.run();
            long wall = System.nanoTime() - start;
            return new Rate(items / (wall / 1e9), items / ((threads.getCurrentThreadCpuTime() - cpu) / 1e9));
        }

        void put(Map<String, List<Double>> figures, String name) {
            PerfBench.put(figures, name, wall);
            PerfBench.put(figures, name + " per CPU-s", cpu);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%6.1f (%6.1f/CPU-s)", wall, cpu);
        }

        private static long processCpu() {
            return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                    .getOperatingSystemMXBean()).getProcessCpuTime();
        }
    }

    private static double maxDifference(double[] a, double[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }

    /** {@code --no-evidence}: the strength stage scores source -> target alone ({@code validation.strength.evidence=false}). */
    private static boolean evidence = true;

    /** The encoder of validation's grounding stage in {@code --validation-only}; null: the CESAR encoder. */
    private static DjlTokenEncoder groundingEncoder;

    private static void grounding(DjlTokenEncoder encoder) {
        groundingEncoder = encoder;
    }

    private static EdgeValidation validation(DjlTokenEncoder encoder, StrengthModel strength) {
        ValidationSettings d = ValidationSettings.defaults();
        ValidationSettings settings = evidence ? d : new ValidationSettings(d.neural(), d.fuzzyThreshold(),
                d.embeddingGrounding(), d.embeddingThreshold(), d.embeddingMaxChars(), d.mergeThreshold(),
                d.splitConjunctions(), d.evidenceWindow(), d.strengthThreshold(), false, d.transitivityCheck(),
                d.verifierTries(), d.verifierMajority());
        return EdgeValidation.keepingStrengths(settings, groundingEncoder == null ? encoder : groundingEncoder,
                strength, null);
    }

    /** Every annotation of the 20 Elo passages, as extractions of their passage. */
    private static List<EdgeValidation.Extraction> demoExtractions() throws Exception {
        SoftMeasuresData data = SoftMeasuresData.load(resource("soft-measures"));
        List<EdgeValidation.Extraction> out = new ArrayList<>();
        for (int p = 0; p < data.passages(); p++) {
            for (String annotator : data.annotators()) {
                Annotation a = data.annotation(annotator, p);
                List<Triple> triples = new ArrayList<>();
                for (RawEdge e : a.edges()) {
                    triples.add(Triple.newBuilder().setSource(e.source()).setTarget(e.target())
                            .setDirection(e.direction() != null && e.direction().toLowerCase(Locale.ROOT)
                                    .startsWith("decrease") ? Direction.DECREASE : Direction.INCREASE).build());
                }
                out.add(new EdgeValidation.Extraction(a.text(), triples));
            }
        }
        return out;
    }

    /** The default stages as the scorer runs them, on a fresh validation (cold caches). */
    private static EdgeValidation defaultStages(PairReader reader, CesarScorer fused) {
        ValidationSettings d = ValidationSettings.defaults();
        return EdgeValidation.reading(d, reader, d.strength() ? fused::strengths : null, null, true);
    }

    private static int validatedCount(List<ValidatedGraph> graphs) {
        return (int) graphs.stream().flatMap(g -> g.edges().stream())
                .filter(e -> e.state() == io.causalstream.schemas.scoring.ValidationState.VALIDATED).count();
    }

    /**
     * A test resource folder as a path: a directory from the module's own class path, or inside the test jar on the
     * benchmarks' class path (the JDK's zip file system, opened once), as AlignmentBench reads its sample.
     */
    private static Path resource(String folder) {
        try {
            java.net.URI uri = PerfBench.class.getResource("/" + folder + "/").toURI();
            if ("jar".equals(uri.getScheme())) {
                try {
                    java.nio.file.FileSystems.getFileSystem(uri);
                } catch (java.nio.file.FileSystemNotFoundException notYet) {
                    java.nio.file.FileSystems.newFileSystem(uri, Map.of());
                }
            }
            return Path.of(uri);
        } catch (java.net.URISyntaxException | java.io.IOException e) {
            throw new IllegalStateException("no test resource " + folder, e);
        }
    }

    private static int count(List<ValidatedGraph> graphs) {
        return graphs.stream().mapToInt(g -> g.edges().size()).sum();
    }

    private static void put(Map<String, List<Double>> figures, String name, double value) {
        figures.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
    }

    private static String load() {
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? "?" : String.format(Locale.ROOT, "%.1f", load);
    }

    private PerfBench() {
    }
}
