package io.causalstream.alignment;

import io.causalstream.alignment.ArticleEvaluation.ArticleResult;
import java.util.Locale;
import java.util.StringJoiner;

/** Text renderings of alignment results: an aligned table, CSV rows in the reference's column layout, summaries. */
public final class AlignmentReport {

    public static final String TABLE_HEADER = String.format(Locale.ROOT, "%-17s %8s %5s %5s %7s %7s %7s %7s %6s %-11s %9s",
            "view", "article", "gold", "pred", "matched", "P", "R", "F1", "proven", "order", "ms");

    public static final String CSV_HEADER;

    static {
        StringJoiner h = new StringJoiner(",");
        h.add("edge_matched").add("edge_p").add("edge_r").add("edge_f1").add("timed_out");
        for (EdgeType t : EdgeType.EMPIRIGRAPH) {
            for (String c : new String[] {"matched", "gt", "pred", "p", "r", "f1"}) {
                h.add(t.label() + "_" + c);
            }
        }
        h.add("article_id").add("gt_n_edges").add("pred_n_edges").add("strategy").add("any_timeout");
        h.add("view").add("proven_optimal");
        CSV_HEADER = h.toString();
    }

    public static String tableRow(ArticleResult row) {
        AlignmentResult r = row.result();
        return String.format(Locale.ROOT, "%-17s %8d %5d %5d %7d %7.4f %7.4f %7.4f %6s %-11s %9.2f",
                row.view().condition(), row.articleId(), r.goldEdges(), r.predictedEdges(), r.matched(),
                r.precision(), r.recall(), r.f1(), r.provenOptimal() ? "yes" : "NO", r.order().name(),
                r.elapsed().toNanos() / 1e6);
    }

    public static String csvRow(ArticleResult row) {
        AlignmentResult r = row.result();
        StringJoiner j = new StringJoiner(",");
        j.add(Integer.toString(r.matched())).add(num(r.precision())).add(num(r.recall())).add(num(r.f1()))
                .add(bool(r.timedOut()));
        for (EdgeType t : EdgeType.EMPIRIGRAPH) {
            TypeScore s = r.typeScore(t);
            j.add(Integer.toString(s.matched())).add(Integer.toString(s.gold())).add(Integer.toString(s.predicted()))
                    .add(num(s.precision())).add(num(s.recall())).add(num(s.f1()));
        }
        j.add(Integer.toString(row.articleId())).add(Integer.toString(r.goldEdges()))
                .add(Integer.toString(r.predictedEdges())).add(r.order().name()).add(bool(r.anyTimeout()));
        j.add(row.view().condition()).add(bool(r.provenOptimal()));
        return j.toString();
    }

    public static String summary(EvaluationView view, AlignmentSummary s) {
        return String.format(Locale.ROOT,
                "%-17s articles=%d proven=%d/%d  micro P=%.4f R=%.4f F1=%.4f  macro(n=%d) P=%.4f R=%.4f F1=%.4f",
                view.condition(), s.articles(), s.provenOptimal(), s.articles(), s.micro().precision(),
                s.micro().recall(), s.micro().f1(), s.macroArticles(), s.macroPrecision(), s.macroRecall(),
                s.macroF1());
    }

    /** Shortest round-trip decimal, like Python's repr for these values. */
    private static String num(double v) {
        return Double.toString(v);
    }

    private static String bool(boolean b) {
        return b ? "True" : "False";
    }

    private AlignmentReport() {
    }
}
