package io.causalstream.research.extraction;

import io.causalstream.extractor.backend.BackendConfig;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.ExtractorBackends;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.ExactMatch;
import io.causalstream.measures.MeasureCatalog;
import io.causalstream.measures.bleu.BleuSimilarity;
import io.causalstream.measures.meteor.MeteorSimilarity;
import io.causalstream.runtime.Config;
import io.causalstream.schemas.graph.Triple;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Prints an extractor's soft F1 on a released split:
 * <pre>
 * deploy/causal-stream evaluate --data ../shared/data/soft-measures-causal-intelligence/data/test_data.csv
 *     [--measures exact,rouge,meteor] [--backend rules]
 * </pre>
 * An LLM backend reads its settings from the environment ({@code EXTRACTOR_OPENAI_MODEL=...}) or, with
 * {@code CAUSAL_STREAM_JAVA_OPTS="-Dextractor.openai.model=..."}, from system properties.
 */
@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = "Soft F1 (exact, ROUGE-E, METEOR-E) of an extractor against the gold of a released split.")
public final class EvaluateCommand implements Callable<Integer> {

    /**
     * This command's thresholds when a measure is named without one: the paper's (appendix D.3: ROUGE-E 0.45,
     * METEOR-E 0.01, BLEU-E 0.352), which differ from the catalog's defaults (tuned on the Elo ranking: rouge1 0.7,
     * meteor 0.55, bleu 0.35), so they are passed explicitly to keep the evaluation's numbers.
     */
    private static final Map<String, Double> PAPER_THRESHOLDS = Map.of(
            ExactMatch.NAME, 1.0, "rouge1", 0.45, MeteorSimilarity.NAME, 0.01, BleuSimilarity.NAME, 0.352);

    /** The evaluation's older short name. */
    private static final Map<String, String> ALIASES = Map.of("rouge", "rouge1");

    @Option(names = "--data", required = true, description = "A released split CSV (e.g. test_data.csv).")
    Path data;

    @Option(names = "--measures", split = ",", defaultValue = "exact,rouge,meteor",
            description = "Measures, each name[:threshold] from the soft-F1 measure catalog ('rouge' is rouge1); "
                    + "without a threshold, the paper's (default: ${DEFAULT-VALUE}).")
    List<String> measures;

    @Option(names = "--backend", defaultValue = ExtractorBackends.RULES,
            description = "Extractor backend (default: ${DEFAULT-VALUE}); LLM backends read their -D settings.")
    String backend;

    @Option(names = "--show", defaultValue = "0", description = "Print this many passages with predicted and gold "
            + "triples, for error analysis.")
    int show;

    private final PrintStream out;

    public EvaluateCommand() {
        this(System.out);
    }

    EvaluateCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() {
        List<GoldPassage> passages = ReleasedSplit.read(data);
        List<EdgeSetScorer> scorers = new ArrayList<>();
        MeasureCatalog catalog = MeasureCatalog.builtIn();
        for (String m : measures) {
            MeasureCatalog.Spec spec = MeasureCatalog.Spec.parse(m);
            String name = ALIASES.getOrDefault(spec.name().toLowerCase(Locale.ROOT), spec.name());
            if (!catalog.names().contains(name)) {
                out.println("measure '" + m + "' is not available in this build of scorer-service; skipped");
                continue;
            }
            double threshold = spec.threshold()
                    .orElse(PAPER_THRESHOLDS.getOrDefault(name, catalog.entry(name).defaultThreshold()));
            if (catalog.entry(name).factory().apply(threshold) instanceof EdgeSetScorer scorer) {
                scorers.add(scorer);
            } else {
                out.println("measure '" + m + "' is not a paper-faithful soft F1 (EdgeSetScorer); skipped");
            }
        }
        long t0 = System.nanoTime();
        List<List<Triple>> predicted;
        Config config = Config.fromEnvironment();
        try (Extractor extractor = ExtractorBackends.create(
                BackendConfig.read(backend, key -> config.find(key).orElse(null)))) {
            predicted = SplitEvaluation.extractAll(extractor, passages);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long goldEdges = passages.stream().mapToLong(p -> p.gold().size()).sum();
        long predictedEdges = predicted.stream().mapToLong(List::size).sum();
        out.printf(Locale.ROOT, "%s on %s: %d passages, %d gold rows, %d predicted triples, extracted in %.1f s%n",
                backend, data.getFileName(), passages.size(), goldEdges, predictedEdges, seconds);
        out.printf(Locale.ROOT, "%-14s %6s %6s %6s %6s %9s %9s %9s %9s%n", "measure", "TP", "PP", "FP", "FN",
                "micro F1", "macro F1", "strict F1", "P / R");
        for (EdgeSetScorer scorer : scorers) {
            SplitScore s = SplitEvaluation.score(scorer, passages, predicted);
            out.printf(Locale.ROOT, "%-14s %6d %6d %6d %6d %9.4f %9.4f %9.4f %.3f/%.3f%n", s.measure(), s.tp(),
                    s.pp(), s.fp(), s.fn(), s.microF1(), s.macroF1(), s.microF1Strict(), s.precision(), s.recall());
        }
        for (int i = 0; i < Math.min(show, passages.size()); i++) {
            out.println("\n# " + passages.get(i).text().replaceAll("\\s+", " "));
            predicted.get(i).forEach(t -> out.println("  pred " + t.getSource() + " -> " + t.getTarget() + " "
                    + t.getDirection()));
            passages.get(i).gold().forEach(t -> out.println("  gold " + t.getSource() + " -> " + t.getTarget() + " "
                    + t.getDirection()));
        }
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new EvaluateCommand()).execute(args));
    }
}
