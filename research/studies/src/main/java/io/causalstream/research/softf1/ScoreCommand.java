package io.causalstream.research.softf1;

import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.EdgeSetScore;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.measures.RawEdge;
import io.causalstream.measures.reference.ReferenceMeasure;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code score}: every prediction graph of a file against the gold graph of its passage, under each measure, as a
 * table (TP, PP, FP, FN, F1 by formula (1), E*), then the mean F1 and E* per measure over the scored graphs.
 * Reference-mode measures ({@code ref-*}) see the edges as written (direction words included); the others see
 * normalised directions (an unknown word is an unknown direction, see {@code DirectionWords}).
 */
@Command(name = "score", mixinStandardHelpOptions = true,
        description = "Score prediction graphs against gold graphs from files (CSV, JSON, JSON Lines); no Kafka.")
public final class ScoreCommand implements Callable<Integer> {

    static final String REFERENCE_SPEC = "ref-verbatim,ref-bleu,ref-meteor,ref-rouge";

    @Spec
    CommandSpec spec;

    @Option(names = "--gold", required = true, description = "Gold graphs, one per passage.")
    Path gold;

    @Option(names = "--predictions", required = true, description = "Predicted graphs (any number per passage).")
    Path predictions;

    @Option(names = "--measures", description = "Measure list, e.g. exact,bleu:0.5,rouge1:0.6,meteor:0.5 "
            + "(default: ${DEFAULT-VALUE}).", defaultValue = MeasureCatalog.DEFAULT_SPEC)
    String measures;

    @Option(names = "--reference", description = "Use the authors' notebook measures (" + REFERENCE_SPEC
            + ") instead of --measures.")
    boolean reference;

    @Option(names = "--summary-only", description = "Print only the per-measure means.")
    boolean summaryOnly;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<EdgeSetMeasure> chosen = MeasureCatalog.builtIn().parse(reference ? REFERENCE_SPEC : measures);
        Map<String, GraphFiles.FileGraph> goldByPassage = new LinkedHashMap<>();
        for (GraphFiles.FileGraph g : GraphFiles.read(gold)) {
            if (goldByPassage.putIfAbsent(g.passage(), g) != null) {
                throw new IllegalArgumentException(gold + ": more than one gold graph for passage " + g.passage());
            }
        }
        List<GraphFiles.FileGraph> predicted = GraphFiles.read(predictions);
        Map<String, double[]> sums = new LinkedHashMap<>();
        int scored = 0;
        if (!summaryOnly) {
            out.printf(Locale.ROOT, "%-12s %-14s %-16s %7s %4s %4s %4s %4s %7s %7s%n",
                    "passage", "annotator", "measure", "T", "TP", "PP", "FP", "FN", "F1", "E*");
        }
        List<String> withoutGold = new ArrayList<>();
        for (GraphFiles.FileGraph p : predicted) {
            GraphFiles.FileGraph g = goldByPassage.get(p.passage());
            if (g == null) {
                withoutGold.add(p.passage());
                continue;
            }
            scored++;
            for (EdgeSetMeasure m : chosen) {
                EdgeSetScore s = score(m, p.edges(), g.edges());
                double[] sum = sums.computeIfAbsent(m.name() + "@" + m.threshold(), k -> new double[2]);
                sum[0] += s.f1();
                sum[1] += s.f1Strict();
                if (!summaryOnly) {
                    out.printf(Locale.ROOT, "%-12s %-14s %-16s %7.3f %4d %4d %4d %4d %7.4f %7.4f%n",
                            p.passage(), Objects.requireNonNullElse(p.annotator(), "-"), m.name(), m.threshold(),
                            s.tp(), s.pp(), s.fp(), s.fn(), s.f1(), s.f1Strict());
                }
            }
        }
        if (scored == 0) {
            out.println("nothing scored: no prediction has a gold graph for its passage");
            out.flush();
            return 1;
        }
        out.printf(Locale.ROOT, "%nmeans over %d scored graph(s)%n%-24s %7s %7s%n", scored, "measure@T", "F1", "E*");
        for (Map.Entry<String, double[]> e : sums.entrySet()) {
            out.printf(Locale.ROOT, "%-24s %7.4f %7.4f%n", e.getKey(), e.getValue()[0] / scored,
                    e.getValue()[1] / scored);
        }
        if (!withoutGold.isEmpty()) {
            out.printf(Locale.ROOT, "%d prediction(s) skipped, no gold for passage(s) %s%n", withoutGold.size(),
                    withoutGold.stream().distinct().toList());
        }
        out.flush();
        return 0;
    }

    static EdgeSetScore score(EdgeSetMeasure m, List<RawEdge> predicted, List<RawEdge> gold) {
        if (m instanceof ReferenceMeasure r) {
            return r.scoreRaw(predicted, gold);
        }
        return m.score(predicted.stream().map(RawEdge::toEdge).toList(), gold.stream().map(RawEdge::toEdge).toList());
    }
}
