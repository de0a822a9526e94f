package io.causalstream.research.extraction;

import io.causalstream.measures.Edge;
import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.EdgeSetScore;
import io.causalstream.measures.RawEdge;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.schemas.graph.Triple;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Soft F1 on the soft-measures paper's 20 Elo passages against each passage's human tournament winner (the
 * {@code winner} column of {@code final_elo_rankings.csv}; its annotation from the released
 * {@code user_interface/assets/*.json}). A released annotator (a person or one of the paper's fine-tuned LLMs) is
 * scored on the passages it did not win (its own annotation against itself would be a free 1.0); an extractor
 * under evaluation on all 20. Per measure: the mean over those passages of formula (1) and of E* (no partial
 * positives), and the summed TP/PP/FP/FN.
 */
public final class EloWinnerEvaluation {

    /** One annotator's scores under one measure. */
    public record Cell(String measure, int passages, long tp, long pp, long fp, long fn, double meanF1,
                       double meanF1Strict) {
    }

    /** One annotator's row: a cell per measure, in the measures' order. */
    public record Row(String annotator, int edges, List<Cell> cells) {
    }

    private final SoftMeasuresData data;

    public EloWinnerEvaluation(SoftMeasuresData data) {
        this.data = data;
    }

    /** The winner's edges of every passage, the gold of this evaluation. */
    public List<List<Edge>> gold() {
        List<List<Edge>> gold = new ArrayList<>();
        for (int i = 0; i < data.passages(); i++) {
            gold.add(edges(data.annotation(data.rankings().rows().get(i).winner(), i).edges()));
        }
        return gold;
    }

    /** The passages' texts, in table order (what an extractor reads). */
    public List<String> texts() {
        List<String> texts = new ArrayList<>();
        String first = data.annotators().get(0);
        for (int i = 0; i < data.passages(); i++) {
            texts.add(data.annotation(first, i).text());
        }
        return texts;
    }

    /** A released annotator's row, on the passages it did not win. */
    public Row released(String annotator, List<EdgeSetMeasure> measures) {
        List<List<Edge>> predicted = new ArrayList<>();
        boolean[] scored = new boolean[data.passages()];
        for (int i = 0; i < data.passages(); i++) {
            predicted.add(edges(data.annotation(annotator, i).edges()));
            scored[i] = !annotator.equals(data.rankings().rows().get(i).winner());
        }
        return row(annotator, predicted, scored, measures);
    }

    /** An extractor's row, on every passage; {@code predicted} holds its triples of {@link #texts()}, in order. */
    public Row extractor(String name, List<List<Triple>> predicted, List<EdgeSetMeasure> measures) {
        if (predicted.size() != data.passages()) {
            throw new IllegalArgumentException(predicted.size() + " predictions for " + data.passages() + " passages");
        }
        boolean[] scored = new boolean[data.passages()];
        java.util.Arrays.fill(scored, true);
        return row(name, predicted.stream().map(ts -> ts.stream().map(Edge::of).toList()).toList(), scored, measures);
    }

    /** Every released annotator's row, in file order (the seven people, then llama2, llama3, mistral). */
    public List<Row> released(List<EdgeSetMeasure> measures) {
        return data.annotators().stream().map(a -> released(a, measures)).toList();
    }

    private Row row(String annotator, List<List<Edge>> predicted, boolean[] scored, List<EdgeSetMeasure> measures) {
        List<List<Edge>> gold = gold();
        List<Cell> cells = new ArrayList<>();
        int edges = 0;
        for (int i = 0; i < predicted.size(); i++) {
            edges += scored[i] ? predicted.get(i).size() : 0;
        }
        for (EdgeSetMeasure measure : measures) {
            long tp = 0;
            long pp = 0;
            long fp = 0;
            long fn = 0;
            double f1 = 0;
            double strict = 0;
            int n = 0;
            for (int i = 0; i < predicted.size(); i++) {
                if (!scored[i]) {
                    continue;
                }
                EdgeSetScore s = measure.score(predicted.get(i), gold.get(i));
                tp += s.tp();
                pp += s.pp();
                fp += s.fp();
                fn += s.fn();
                f1 += s.f1();
                strict += s.f1Strict();
                n++;
            }
            cells.add(new Cell(measure.toString(), n, tp, pp, fp, fn, n == 0 ? 0 : f1 / n, n == 0 ? 0 : strict / n));
        }
        return new Row(annotator, edges, cells);
    }

    private static List<Edge> edges(List<RawEdge> raw) {
        return raw.stream().map(RawEdge::toEdge).toList();
    }

    /** Annotator ids of the released files, e.g. for a caller that wants the people apart from the models. */
    public static boolean isHuman(String annotator) {
        return annotator.startsWith("Human");
    }

    /**
     * The table as printed by {@code evaluate}: per annotator and measure the mean formula (1) and E*, then the
     * summed TP/PP/FP/FN, and the people's range per measure.
     */
    public static String format(List<Row> rows, int goldEdges) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Elo-20 passages against each passage's tournament winner (%d gold edges):"
                + " mean soft F1 over the passages an annotator did not win (an extractor: all 20)%n", goldEdges));
        List<Cell> header = rows.get(0).cells();
        b.append(String.format(Locale.ROOT, "%-10s %6s", "annotator", "edges"));
        header.forEach(c -> b.append(String.format(Locale.ROOT, " | %-17s", c.measure() + " F1 / E*")));
        header.forEach(c -> b.append(String.format(Locale.ROOT, " | %-15s", c.measure().replaceAll("@.*", "")
                + " TP/PP/FP/FN")));
        b.append(System.lineSeparator());
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "%-10s %6d", r.annotator(), r.edges()));
            r.cells().forEach(c -> b.append(String.format(Locale.ROOT, " | %7.3f / %-7.3f", c.meanF1(),
                    c.meanF1Strict())));
            r.cells().forEach(c -> b.append(String.format(Locale.ROOT, " | %-15s",
                    c.tp() + "/" + c.pp() + "/" + c.fp() + "/" + c.fn())));
            b.append(System.lineSeparator());
        }
        List<Row> people = rows.stream().filter(r -> isHuman(r.annotator())).toList();
        if (!people.isEmpty()) {
            b.append(String.format(Locale.ROOT, "%-17s", "people (range)"));
            for (int m = 0; m < header.size(); m++) {
                int k = m;
                double lo = people.stream().mapToDouble(r -> r.cells().get(k).meanF1()).min().orElse(0);
                double hi = people.stream().mapToDouble(r -> r.cells().get(k).meanF1()).max().orElse(0);
                b.append(String.format(Locale.ROOT, " | %.3f-%-11.3f", lo, hi));
            }
            b.append(System.lineSeparator());
        }
        return b.toString();
    }
}
