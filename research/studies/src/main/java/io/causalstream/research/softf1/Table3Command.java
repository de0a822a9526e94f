package io.causalstream.research.softf1;

import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.measures.reference.ReferenceMeasure;
import io.causalstream.research.study.EloStudy;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.research.study.StudyMeasure;
import io.causalstream.research.study.ThresholdSearch;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code table3}: the paper's Table 3 correlation analysis on the 20 Elo passages — per passage, gold = the Elo
 * winner's annotation, Spearman between the other nine annotators' Elo and their score, NaN as 0, plain mean.
 * By default the reference-compatible measures at the notebook's thresholds, which print the notebook's means
 * (BLEU 0.10930095519029288, METEOR 0.12633609967541587, ROUGE 0.12413510778939112; exact match
 * 0.04336136913582565 on the released files, where the paper printed 0.016).
 */
@Command(name = "table3", mixinStandardHelpOptions = true,
        description = "Reproduce Table 3 (E* row) of the soft-measures paper from the released data.")
public final class Table3Command implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "The soft-measures-causal-intelligence data folder "
            + "(holding _history_d468165/ and elo_comparison/).")
    Path data;

    @Option(names = "--measures", description = "Measures to rank by (default: ${DEFAULT-VALUE}). ref-* measures "
            + "are called as the notebook calls them; others score each annotation (prediction) against the gold.",
            defaultValue = ScoreCommand.REFERENCE_SPEC)
    String measures;

    @Option(names = "--strict", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Paper-faithful measures: rank by E* (default) or, with --no-strict, by formula (1).")
    boolean strict;

    @Option(names = "--per-passage", description = "Also print each passage's Spearman correlation.")
    boolean perPassage;

    @Option(names = "--grid", description = "Also rerun the notebook's threshold search for the ref-* measures.")
    boolean grid;

    @Option(names = "--search", paramLabel = "FROM:TO:STEP", description = "Also search each measure's threshold "
            + "over this grid (e.g. 0.05:0.95:0.05), as appendix D.3 does; this is how the catalog's defaults were "
            + "chosen (E*).")
    String search;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        EloStudy study = new EloStudy(SoftMeasuresData.load(data));
        MeasureCatalog catalog = MeasureCatalog.builtIn();
        List<StudyMeasure> studyMeasures = new ArrayList<>();
        for (EdgeSetMeasure m : catalog.parse(measures)) {
            studyMeasures.add(studyMeasure(m, strict));
        }
        out.printf(Locale.ROOT, "%-20s %8s %22s%n", "measure", "T", "mean Spearman");
        List<EloStudy.Result> results = study.run(studyMeasures);
        List<EdgeSetMeasure> chosen = catalog.parse(measures);
        for (int i = 0; i < results.size(); i++) {
            out.printf(Locale.ROOT, "%-20s %8s %22s%n", results.get(i).measure(), chosen.get(i).threshold(),
                    Double.toString(results.get(i).mean()));
        }
        if (perPassage) {
            out.println();
            out.printf(Locale.ROOT, "%-8s", "passage");
            results.forEach(r -> out.printf(Locale.ROOT, " %20s", r.measure()));
            out.println();
            for (int p = 0; p < results.get(0).perPassage().length; p++) {
                out.printf(Locale.ROOT, "%-8d", p);
                for (EloStudy.Result r : results) {
                    out.printf(Locale.ROOT, " %20.17f", r.perPassage()[p]);
                }
                out.println();
            }
        }
        if (grid) {
            out.println();
            out.println("notebook threshold search (best = first highest mean):");
            Map<String, List<Double>> candidates = Map.of(
                    "ref-verbatim", ThresholdSearch.NOTEBOOK_VERBATIM, "ref-bleu", ThresholdSearch.NOTEBOOK_BLEU,
                    "ref-meteor", ThresholdSearch.NOTEBOOK_METEOR, "ref-rouge", ThresholdSearch.NOTEBOOK_ROUGE);
            for (String name : List.of("ref-verbatim", "ref-bleu", "ref-meteor", "ref-rouge")) {
                MeasureCatalog.Entry entry = catalog.entry(name);
                ThresholdSearch.Best best = ThresholdSearch.search(study,
                        t -> studyMeasure(entry.factory().apply(t), strict), candidates.get(name));
                out.printf(Locale.ROOT, "%-14s best T = %-6s mean %s  (candidates %s)%n", name, best.threshold(),
                        best.result().mean(), candidates.get(name));
            }
        }
        if (search != null) {
            String[] g = search.split(":");
            if (g.length != 3) {
                throw new IllegalArgumentException("--search wants FROM:TO:STEP, got " + search);
            }
            List<Double> candidates = ThresholdSearch.grid(Double.parseDouble(g[0]), Double.parseDouble(g[1]),
                    Double.parseDouble(g[2]));
            out.println();
            out.printf(Locale.ROOT, "threshold search over %s (%s):%n", candidates, strict ? "E*" : "formula (1)");
            for (EdgeSetMeasure m : chosen) {
                MeasureCatalog.Entry entry = catalog.entry(m.name());
                ThresholdSearch.Best best = ThresholdSearch.search(study,
                        t -> studyMeasure(entry.factory().apply(t), strict), candidates);
                out.printf(Locale.ROOT, "%-14s best T = %-6s mean %s%n", m.name(), best.threshold(),
                        best.result().mean());
            }
        }
        out.flush();
        return 0;
    }

    static StudyMeasure studyMeasure(EdgeSetMeasure m, boolean strict) {
        return m instanceof ReferenceMeasure r ? StudyMeasure.reference(r) : StudyMeasure.paper(m, strict);
    }
}
