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
import io.causalstream.testkit.TestResources;
import io.causalstream.validation.EdgeValidation;
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
 *   <li><b>encoder</b>: the 500 (cause, effect) pairs of {@code CS_metric_test.csv}, encoded jointly (pairs/s);</li>
 *   <li><b>CESAR</b>: the same pairs end to end, with the fast head ({@link CesarScorer#strengths}) and with the
 *       straightforward one kept as the reference ({@link CesarScorer#referenceStrengths}); edges/s and the ratio to
 *       the encoder's pairs/s of the same round, and the largest difference between the two heads' strengths;</li>
 *   <li><b>validation</b> with CESAR and embedding grounding, on the demo's extractions (the 20 Elo passages, every
 *       annotation of each): after, all of them in one {@code validateAll} and one {@code validate} per extraction
 *       (as the scorer calls it), each round on a fresh validation (cold caches); before, a fresh validation per
 *       extraction (no state kept between calls, as the old code) with the reference head.</li>
 * </ul>
 * Arguments: {@code --encoder minilm-q} (the quantized MiniLM; default the full-precision one), {@code --rounds N}
 * (default 3), {@code --no-baseline}. Prints figures, the best round and the spread; never run by tests.
 */
public final class PerfBench {

    public static void main(String[] args) throws Exception {
        String encoderName = null;
        int rounds = 3;
        boolean baseline = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--encoder" -> encoderName = args[++i];
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--no-baseline" -> baseline = false;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        List<TextPair> pairs = new ArrayList<>();
        for (DefeasibilityData.TestRow row : new DefeasibilityData(Path.of("src/test/resources/defeasibility"))
                .testRows()) {
            pairs.add(new TextPair(row.cause(), row.effect()));
        }
        List<EdgeValidation.Extraction> demo = demoExtractions();
        int demoTriples = demo.stream().mapToInt(x -> x.triples().size()).sum();
        CesarHead head = CesarHeadFile.readBundled();
        EncoderSettings settings = new EncoderSettings(null, null, encoderName, EncoderSettings.DEFAULT_MAX_TOKENS,
                EncoderSettings.DEFAULT_BATCH_SIZE, 0, null);
        System.out.printf(Locale.ROOT, "perf bench: %d cores, load average %s, encoder %s; %d CESAR pairs; "
                        + "demo: %d extractions, %d triples%n", Runtime.getRuntime().availableProcessors(), load(),
                settings.name(), pairs.size(), demo.size(), demoTriples);
        Map<String, List<Double>> figures = new LinkedHashMap<>();
        try (DjlTokenEncoder encoder = DjlTokenEncoder.open(settings)) {
            CesarScorer scorer = new CesarScorer(encoder, head);
            // warm-up: JIT and ONNX Runtime's first runs
            encoder.encodePairs(pairs.subList(0, 64));
            scorer.strengths(pairs.subList(0, 64));
            scorer.referenceStrengths(pairs.subList(0, 64));
            validation(encoder, scorer::strengths).validateAll(demo.subList(0, 10));
            List<float[][]> causes = new ArrayList<>();
            List<float[][]> effects = new ArrayList<>();
            for (var t : encoder.encodePairs(pairs)) {
                causes.add(t.segment(0));
                effects.add(t.segment(1));
            }
            CesarKernel kernel = new CesarKernel(head);
            kernel.scores(causes.subList(0, 64), effects.subList(0, 64));
            for (int r = 1; r <= rounds; r++) {
                // the head's arithmetic alone, one thread, on the pairs encoded once
                double headAfter = rate(pairs.size(), () -> {
                    for (int from = 0; from < causes.size(); from += 8) {
                        int to = Math.min(causes.size(), from + 8);
                        kernel.scores(causes.subList(from, to), effects.subList(from, to));
                    }
                });
                put(figures, "head only, one thread, edges/s (after)", headAfter);
                String headLine = String.format(Locale.ROOT, "round %d: head only, one thread: after %7.1f edges/s",
                        r, headAfter);
                if (baseline) {
                    double headBefore = rate(pairs.size(), () -> {
                        for (int i = 0; i < causes.size(); i++) {
                            CesarStrength.score(head, causes.get(i), effects.get(i));
                        }
                    });
                    put(figures, "head only, one thread, edges/s (before)", headBefore);
                    headLine += String.format(Locale.ROOT, ", before %7.1f edges/s", headBefore);
                }
                System.out.println(headLine);
                double encoderRate = rate(pairs.size(), () -> encoder.encodePairs(pairs));
                double[] fast = new double[pairs.size()];
                double cesarRate = rate(pairs.size(), () -> System.arraycopy(scorer.strengths(pairs), 0, fast, 0,
                        fast.length));
                put(figures, "encoder pairs/s", encoderRate);
                put(figures, "CESAR edges/s (after)", cesarRate);
                put(figures, "CESAR / encoder (after)", cesarRate / encoderRate);
                String line = String.format(Locale.ROOT, "round %d: encoder %6.1f pairs/s | CESAR after %6.1f edges/s "
                        + "(%3.0f%% of encoder)", r, encoderRate, cesarRate, 100 * cesarRate / encoderRate);
                if (baseline) {
                    double[] reference = new double[pairs.size()];
                    double before = rate(pairs.size(), () -> System.arraycopy(scorer.referenceStrengths(pairs), 0,
                            reference, 0, reference.length));
                    double maxDiff = 0;
                    for (int i = 0; i < fast.length; i++) {
                        maxDiff = Math.max(maxDiff, Math.abs(fast[i] - reference[i]));
                    }
                    put(figures, "CESAR edges/s (before)", before);
                    put(figures, "CESAR / encoder (before)", before / encoderRate);
                    line += String.format(Locale.ROOT, ", before %6.1f (%3.0f%%), max |after - before| %.1e", before,
                            100 * before / encoderRate, maxDiff);
                }
                System.out.println(line);

                int[] edges = new int[1];
                double batched = rate(() -> {
                    edges[0] = count(validation(encoder, scorer::strengths).validateAll(demo));
                }, edges);
                EdgeValidation single = validation(encoder, scorer::strengths);
                double perExtraction = rate(() -> {
                    int n = 0;
                    for (EdgeValidation.Extraction x : demo) {
                        n += single.validate(x.passageText(), x.triples()).edges().size();
                    }
                    edges[0] = n;
                }, edges);
                put(figures, "validation edges/s (after, validateAll)", batched);
                put(figures, "validation edges/s (after, per extraction)", perExtraction);
                line = String.format(Locale.ROOT, "round %d: validation after %6.1f edges/s (validateAll), %6.1f "
                        + "edges/s (validate per extraction); %d edges", r, batched, perExtraction, edges[0]);
                if (baseline) {
                    double before = rate(() -> {
                        int n = 0;
                        for (EdgeValidation.Extraction x : demo) {
                            n += validation(encoder, scorer::referenceStrengths)
                                    .validate(x.passageText(), x.triples()).edges().size();
                        }
                        edges[0] = n;
                    }, edges);
                    put(figures, "validation edges/s (before)", before);
                    line += String.format(Locale.ROOT, " | before %6.1f edges/s", before);
                }
                System.out.println(line);
            }
        }
        System.out.printf(Locale.ROOT, "summary over %d rounds (best, then min..max; the machine's cores are shared, "
                + "so the best round is the least disturbed):%n", rounds);
        figures.forEach((name, values) -> {
            DoubleSummaryStatistics s = values.stream().mapToDouble(Double::doubleValue).summaryStatistics();
            boolean ratio = name.contains(" / ");
            System.out.printf(Locale.ROOT, ratio ? "  %-44s best %6.0f%%  (%.0f%%..%.0f%%)%n"
                    : "  %-44s best %7.1f  (%.1f..%.1f)%n", name, (ratio ? 100 : 1) * s.getMax(),
                    (ratio ? 100 : 1) * s.getMin(), (ratio ? 100 : 1) * s.getMax());
        });
    }

    private static EdgeValidation validation(DjlTokenEncoder encoder, StrengthModel strength) {
        return EdgeValidation.keepingStrengths(ValidationSettings.defaults(), encoder, strength, null);
    }

    /** Every annotation of the 20 Elo passages, as extractions of their passage. */
    private static List<EdgeValidation.Extraction> demoExtractions() throws Exception {
        SoftMeasuresData data = SoftMeasuresData.load(TestResources.path("soft-measures"));
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

    private static int count(List<ValidatedGraph> graphs) {
        return graphs.stream().mapToInt(g -> g.edges().size()).sum();
    }

    private static double rate(int items, Runnable work) {
        long start = System.nanoTime();
        work.run();
        return items / ((System.nanoTime() - start) / 1e9);
    }

    /** Items per second, the count written by the work into {@code items[0]}. */
    private static double rate(Runnable work, int[] items) {
        long start = System.nanoTime();
        work.run();
        return items[0] / ((System.nanoTime() - start) / 1e9);
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
