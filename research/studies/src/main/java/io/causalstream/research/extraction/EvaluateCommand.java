package io.causalstream.research.extraction;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.ExactMatch;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.measures.TripleMatch;
import io.causalstream.measures.bleu.BleuSimilarity;
import io.causalstream.measures.meteor.MeteorSimilarity;
import io.causalstream.runtime.Config;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.research.benchmark.BackendReaders;
import io.causalstream.research.benchmark.BenchmarkEvaluation;
import io.causalstream.research.benchmark.BenchmarkFolds;
import io.causalstream.research.benchmark.CausalSpanReader;
import io.causalstream.research.benchmark.SemEvalPairs;
import io.causalstream.schemas.passage.Passage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Instant;
import java.util.LinkedHashMap;
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
 * Prints an extractor's soft F1 on a released split, then on the soft-measures paper's 20 Elo passages against each
 * passage's human tournament winner, next to the paper's fine-tuned LLM annotations and the seven people
 * ({@link EloWinnerEvaluation}), then triple precision, recall and F1 on a held-out set with the triples invented on
 * its passages that assert nothing ({@link HeldOutEvaluation}; the shipped realistic passages unless
 * {@code --held-out} names a file):
 * <pre>
 * deploy/causal-stream evaluate [--soft-measures ../shared/data/soft-measures-causal-intelligence]
 *     [--data .../data/test_data.csv] [--measures exact,rouge,meteor,bleu-nltk] [--backend rules[,model]]
 *     [--held-out FILE.jsonl]
 * deploy/causal-stream evaluate --benchmark cnc,semeval [--backend rules,model] [--cnc DIR] [--semeval FILE]
 * </pre>
 * With {@code --benchmark}, only the public benchmarks are printed ({@link BenchmarkEvaluation}).
 * An LLM backend reads its settings from the environment ({@code EXTRACTOR_OPENAI_MODEL=...}) or, with
 * {@code CAUSAL_STREAM_JAVA_OPTS="-Dextractor.openai.model=..."}, from system properties.
 */
@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = "Soft F1 (formula (1) and E*, with TP/PP/FP/FN) of extractors on the released test split and on "
                + "the 20 Elo passages against the tournament winners, beside the paper's LLMs and the people; then "
                + "triple P/R/F1 on a held-out set and the triples invented on its passages with no claim. With "
                + "--benchmark, the public benchmarks instead, beside their published figures.")
public final class EvaluateCommand implements Callable<Integer> {

    /**
     * This command's thresholds when a measure is named without one: the paper's (appendix D.3: ROUGE-E 0.45,
     * METEOR-E 0.01, BLEU-E 0.352), which differ from the catalog's defaults (tuned on the Elo ranking: rouge1 0.7,
     * meteor 0.55, bleu 0.35), so they are passed explicitly to keep the evaluation's numbers.
     */
    private static final Map<String, Double> PAPER_THRESHOLDS = Map.of(
            ExactMatch.NAME, 1.0, "rouge1", TrainingSetup.PAPER_ROUGE, MeteorSimilarity.NAME, TrainingSetup.PAPER_METEOR,
            BleuSimilarity.NAME, TrainingSetup.PAPER_BLEU, BleuSimilarity.NLTK_NAME, TrainingSetup.PAPER_BLEU);

    /** The released data's folder, where the README's commands run from (the repository root). */
    static final String SOFT_MEASURES = "../shared/data/soft-measures-causal-intelligence";

    /** The evaluation's older short name. */
    private static final Map<String, String> ALIASES = Map.of("rouge", "rouge1");

    @Option(names = "--soft-measures", defaultValue = SOFT_MEASURES, description = "The released soft-measures "
            + "data folder (data/test_data.csv, the Elo study's annotations and rankings) (default: ${DEFAULT-VALUE}).")
    Path softMeasures;

    @Option(names = "--data", description = "A released split CSV (default: data/test_data.csv of --soft-measures).")
    Path data;

    @Option(names = "--elo", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also print the Elo-20 table (default: on when --soft-measures holds the Elo study).")
    boolean elo;

    @Option(names = "--measures", split = ",", defaultValue = "exact,rouge,meteor,bleu-nltk",
            description = "Measures, each name[:threshold] from the soft-F1 measure catalog ('rouge' is rouge1); "
                    + "without a threshold, the paper's (default: ${DEFAULT-VALUE}).")
    List<String> measures;

    /** The model backend at version v2 (the frozen-encoder head), the fine-tuned default's baseline. */
    static final String MODEL_V2 = "model-v2";

    @Option(names = "--backend", split = ",", defaultValue = ExtractorBackends.MODEL + "," + MODEL_V2 + ","
            + ExtractorBackends.RULES, description = "Extractor backends, comma-separated, each a row (default: "
            + "${DEFAULT-VALUE}; " + MODEL_V2 + " is the model backend with extractor.model.version=v2); LLM backends "
            + "read their -D settings.")
    List<String> backends;

    @Option(names = "--held-out", paramLabel = "FILE", description = "A held-out set of one's own (JSON Lines: id, "
            + "domain, text, triples of source, target, direction) for the last table (default: the shipped "
            + HeldOutPassages.SHIPPED_NAME + "; none: no held-out table, as when choosing on --data's split).")
    Path heldOut;

    @Option(names = "--curated", paramLabel = "FILE", description = "Curated annotations (JSON Lines, from "
            + "curation-export): one more table, each backend's soft F1 against the curators' corrections.")
    Path curated;

    @Option(names = "--show", defaultValue = "0", description = "Print this many passages with predicted and gold "
            + "triples, for error analysis: of the split, and of a --held-out file of one's own (the shipped "
            + "held-out set is never shown).")
    int show;

    @Option(names = "--benchmark", split = ",", paramLabel = "NAME", description = "Print public benchmarks "
            + "instead, beside their published figures: cnc (Causal News Corpus V2 dev split, subtask 1 and the "
            + "organisers' subtask-2 scoring), semeval (SemEval-2010 Task 8 cause-effect pairs on the report fold of "
            + "the train file).")
    List<String> benchmarks;

    @Option(names = "--cnc-split", defaultValue = "dev", paramLabel = "SPLIT", description = "The Causal News "
            + "Corpus split to read: dev (the benchmark) or choice (fold " + BenchmarkFolds.CHOICE_FOLD + " of the "
            + "train files, where choices are made) (default: ${DEFAULT-VALUE}).")
    String cncSplit;

    @Option(names = "--semeval-fold", defaultValue = "report", paramLabel = "FOLD", description = "The SemEval train "
            + "file's fold to read: report (fold " + BenchmarkFolds.REPORT_FOLD + ", never chosen on) or choice (fold "
            + BenchmarkFolds.CHOICE_FOLD + ", where choices are made) (default: ${DEFAULT-VALUE}).")
    String semevalFold;

    @Option(names = "--cnc", defaultValue = CNC, paramLabel = "DIR", description = "The Causal News Corpus V2 "
            + "folder, with dev_subtask1.csv and dev_subtask2.csv (default: ${DEFAULT-VALUE}).")
    Path cnc;

    @Option(names = "--semeval", defaultValue = SEMEVAL, paramLabel = "FILE", description = "The SemEval-2010 Task "
            + "8 train file (default: ${DEFAULT-VALUE}).")
    Path semeval;

    static final String CNC = "../shared/data/causal-news-corpus";
    static final String SEMEVAL = "../shared/data/semeval-2010-task8/TRAIN_FILE.TXT";

    private final PrintStream out;

    public EvaluateCommand() {
        this(System.out);
    }

    EvaluateCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() throws IOException {
        if (benchmarks != null && !benchmarks.isEmpty()) {
            return benchmarks();
        }
        List<EdgeSetMeasure> scorers = measures();
        Path split = data != null ? data : softMeasures.resolve("data/test_data.csv");
        Config config = Config.fromEnvironment();
        Map<String, Extractor> extractors = new LinkedHashMap<>();
        try {
            // read before any extraction, so a malformed file fails at once
            List<HeldOutPassage> held = noHeldOut() ? List.of()
                    : heldOut == null ? HeldOutPassages.shipped() : readHeldOut(heldOut);
            for (String backend : backends) {
                extractors.put(backend, ExtractorBackends.create(settings(backend, config)));
            }
            splitTable(split, extractors, scorers);
            Path rankings = softMeasures.resolve(SoftMeasuresData.RANKINGS);
            if (elo && Files.isRegularFile(rankings)) {
                eloTable(SoftMeasuresData.load(softMeasures), extractors, scorers);
            } else if (elo) {
                out.println("\nElo-20 table skipped: no " + rankings + " (--soft-measures)");
            }
            if (!noHeldOut()) {
                heldOutTable(held, extractors);
            }
            if (curated != null) {
                curatedTable(curated, extractors, scorers);
            }
        } catch (IllegalArgumentException e) {
            out.println("evaluate: " + e.getMessage());
            return 2;
        } finally {
            extractors.values().forEach(Extractor::close);
        }
        return 0;
    }

    /** The public benchmarks, each backend a row; every file is read before any backend loads. */
    private int benchmarks() {
        Map<String, CausalSpanReader> readers = new LinkedHashMap<>();
        try {
            for (String b : benchmarks) {
                if (!b.equals(BenchmarkEvaluation.CNC) && !b.equals(BenchmarkEvaluation.SEMEVAL)) {
                    throw new IllegalArgumentException("unknown benchmark '" + b + "' (cnc, semeval)");
                }
            }
            if (!cncSplit.equals("dev") && !cncSplit.equals("choice")) {
                throw new IllegalArgumentException("--cnc-split must be dev or choice, got " + cncSplit);
            }
            BenchmarkEvaluation.CncDev dev = !benchmarks.contains(BenchmarkEvaluation.CNC) ? null
                    : cncSplit.equals("choice") ? BenchmarkEvaluation.CncDev.readChoiceFold(cnc)
                    : BenchmarkEvaluation.CncDev.read(cnc);
            List<SemEvalPairs.Pair> fold = null;
            if (benchmarks.contains(BenchmarkEvaluation.SEMEVAL)) {
                if (!Files.isRegularFile(semeval)) {
                    throw new IllegalArgumentException("no " + semeval + " (--semeval)");
                }
                int number = semevalFoldNumber();
                fold = SemEvalPairs.read(semeval).stream().filter(p -> p.fold() == number).toList();
            }
            Config config = Config.fromEnvironment();
            for (String backend : backends) {
                readers.put(backend, BackendReaders.open(settings(backend, config)));
            }
            if (dev != null) {
                List<BenchmarkEvaluation.CncRow> rows = new ArrayList<>();
                readers.forEach((name, r) -> rows.add(BenchmarkEvaluation.cnc(name, r, dev)));
                List<String> notes = new ArrayList<>();
                // extractor-tune chooses on the CNC train file's choice fold; the dev split is never read there
                if (readers.containsKey(ExtractorBackends.MODEL) && !dev.choiceFold()) {
                    notes.add("every choice of the shipped model was made on the CNC train file's fold "
                            + io.causalstream.research.benchmark.BenchmarkFolds.CHOICE_FOLD + "; this split was "
                            + "never read in training.");
                }
                out.print(BenchmarkEvaluation.formatCnc(cnc, dev, rows, notes));
            }
            if (fold != null) {
                List<SemEvalPairs.Pair> pairs = fold;
                List<BenchmarkEvaluation.PairRow> rows = new ArrayList<>();
                readers.forEach((name, r) -> rows.add(BenchmarkEvaluation.semeval(name, r, pairs)));
                out.print((dev != null ? "\n" : "") + BenchmarkEvaluation.formatSemEval(semeval,
                        semevalFoldNumber(), pairs, rows));
            }
        } catch (IllegalArgumentException e) {
            out.println("evaluate: " + e.getMessage());
            return 2;
        } finally {
            readers.values().forEach(CausalSpanReader::close);
        }
        return 0;
    }

    /** A backend's settings; {@value #MODEL_V2} is the model backend at version v2. */
    private static io.causalstream.extractor.backend.choice.BackendSettings settings(String backend, Config config) {
        boolean v2 = backend.equals(MODEL_V2);
        return BackendConfig.read(v2 ? ExtractorBackends.MODEL : backend, key -> v2
                && key.equals("extractor.model.version") ? "v2" : config.find(key).orElse(null));
    }

    private List<EdgeSetMeasure> measures() {
        List<EdgeSetMeasure> scorers = new ArrayList<>();
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
        return scorers;
    }

    private void splitTable(Path split, Map<String, Extractor> extractors, List<EdgeSetMeasure> scorers) {
        List<GoldPassage> passages = ReleasedSplit.read(split);
        for (Map.Entry<String, Extractor> e : extractors.entrySet()) {
            long t0 = System.nanoTime();
            List<List<Triple>> predicted = SplitEvaluation.extractAll(e.getValue(), passages);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long goldEdges = passages.stream().mapToLong(p -> p.gold().size()).sum();
            long predictedEdges = predicted.stream().mapToLong(List::size).sum();
            out.printf(Locale.ROOT, "%s on %s: %d passages, %d gold rows, %d predicted triples, extracted in %.1f s%n",
                    e.getKey(), split.getFileName(), passages.size(), goldEdges, predictedEdges, seconds);
            out.printf(Locale.ROOT, "%-14s %6s %6s %6s %6s %9s %9s %9s %9s%n", "measure", "TP", "PP", "FP", "FN",
                    "micro F1", "macro F1", "strict F1", "P / R");
            for (EdgeSetMeasure scorer : scorers) {
                SplitScore s = SplitEvaluation.score((EdgeSetScorer) scorer, passages, predicted);
                out.printf(Locale.ROOT, "%-14s %6d %6d %6d %6d %9.4f %9.4f %9.4f %.3f/%.3f%n", s.measure(), s.tp(),
                        s.pp(), s.fp(), s.fn(), s.microF1(), s.macroF1(), s.microF1Strict(), s.precision(),
                        s.recall());
            }
            for (int i = 0; i < Math.min(show, passages.size()); i++) {
                out.println("\n# " + passages.get(i).text().replaceAll("\\s+", " "));
                predicted.get(i).forEach(t -> out.println("  pred " + t.getSource() + " -> " + t.getTarget() + " "
                        + t.getDirection()));
                passages.get(i).gold().forEach(t -> out.println("  gold " + t.getSource() + " -> " + t.getTarget()
                        + " " + t.getDirection()));
            }
            out.println();
        }
    }

    /** Each backend against curated gold: the passages the curators corrected, their corrections as the gold. */
    private void curatedTable(Path file, Map<String, Extractor> extractors, List<EdgeSetMeasure> scorers)
            throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no curated file " + file + " (--curated)");
        }
        List<GoldPassage> passages = CuratedAnnotations.read(file)
                .stream().map(CuratedAnnotations.Curated::passage).toList();
        out.printf(Locale.ROOT, "%nagainst curated gold (%s): %d passages, %d gold triples%n", file.getFileName(),
                passages.size(), passages.stream().mapToLong(p -> p.gold().size()).sum());
        out.printf(Locale.ROOT, "%-14s %-14s %6s %6s %6s %6s %9s %9s%n", "backend", "measure", "TP", "PP", "FP", "FN",
                "micro F1", "macro F1");
        for (Map.Entry<String, Extractor> e : extractors.entrySet()) {
            List<List<Triple>> predicted = SplitEvaluation.extractAll(e.getValue(), passages);
            for (EdgeSetMeasure scorer : scorers) {
                SplitScore s = SplitEvaluation.score((EdgeSetScorer) scorer, passages, predicted);
                out.printf(Locale.ROOT, "%-14s %-14s %6d %6d %6d %6d %9.4f %9.4f%n", e.getKey(), s.measure(), s.tp(),
                        s.pp(), s.fp(), s.fn(), s.microF1(), s.macroF1());
            }
        }
    }

    /** The SemEval fold --semeval-fold names. */
    private int semevalFoldNumber() {
        return switch (semevalFold) {
            case "report" -> BenchmarkFolds.REPORT_FOLD;
            case "choice" -> BenchmarkFolds.CHOICE_FOLD;
            default -> throw new IllegalArgumentException("--semeval-fold must be report or choice, got "
                    + semevalFold);
        };
    }

    private boolean noHeldOut() {
        return heldOut != null && heldOut.toString().equals("none");
    }

    private static List<HeldOutPassage> readHeldOut(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no held-out file " + file + " (--held-out)");
        }
        return HeldOutPassages.read(file);
    }

    private void heldOutTable(List<HeldOutPassage> passages, Map<String, Extractor> extractors) {
        TripleMatch match = MeasureCatalog.rouge1Triples();
        HeldOutEvaluation evaluation = new HeldOutEvaluation(match);
        List<HeldOutEvaluation.Row> rows = new ArrayList<>();
        for (Map.Entry<String, Extractor> e : extractors.entrySet()) {
            rows.add(evaluation.evaluate(e.getKey(), e.getValue(), passages));
            if (heldOut != null) {
                // a set of one's own may be read error by error; the shipped held-out set is never shown
                showHeldOut(e.getKey(), e.getValue(), passages);
            }
        }
        String source = heldOut == null ? HeldOutPassages.SHIPPED_NAME : heldOut.getFileName().toString();
        out.println();
        out.print(HeldOutEvaluation.format(source, passages, rows, match));
    }

    private void showHeldOut(String backend, Extractor extractor, List<HeldOutPassage> passages) {
        for (int i = 0; i < Math.min(show, passages.size()); i++) {
            HeldOutPassage p = passages.get(i);
            out.println("\n# " + backend + " " + p.id() + ": " + p.text().replaceAll("\\s+", " "));
            extractor.extract(new Passage("heldout-" + p.id(), p.text(), null, null, null, Map.of(), Instant.EPOCH))
                    .triples().forEach(t -> out.println("  pred " + t.getSource() + " -> " + t.getTarget() + " "
                            + t.getDirection()));
            p.gold().forEach(t -> out.println("  gold " + t.source() + " -> " + t.target() + " " + t.direction()));
        }
    }

    private void eloTable(SoftMeasuresData study, Map<String, Extractor> extractors, List<EdgeSetMeasure> scorers) {
        EloWinnerEvaluation evaluation = new EloWinnerEvaluation(study);
        List<EloWinnerEvaluation.Row> rows = new ArrayList<>();
        for (Map.Entry<String, Extractor> e : extractors.entrySet()) {
            List<List<Triple>> predicted = new ArrayList<>();
            int i = 0;
            for (String text : evaluation.texts()) {
                predicted.add(e.getValue().extract(new Passage("elo-" + (i++), text, null, null, null, Map.of(),
                        Instant.EPOCH)).triples());
            }
            rows.add(evaluation.extractor(e.getKey(), predicted, scorers));
        }
        rows.addAll(evaluation.released(scorers));
        int gold = evaluation.gold().stream().mapToInt(List::size).sum();
        out.println(EloWinnerEvaluation.format(rows, gold));
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new EvaluateCommand()).execute(args));
    }
}
