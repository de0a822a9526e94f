package io.causalstream.research.study;

import io.causalstream.measures.agreement.Spearman;
import io.causalstream.measures.agreement.Intervals;
import io.causalstream.research.study.AgreementStudy.Row;
import io.causalstream.measures.agreement.Intervals.Interval;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The agreement study written out: a Markdown report, a CSV of every figure with the per-passage correlations,
 * and an SVG strip plot of the per-passage correlations. Intervals: Student-t 90% and 95% (the paper's) and a
 * seeded percentile bootstrap over passages (95%); differences are paired per passage against the baseline
 * (vanilla F1, Table 4).
 */
public final class StudyReport {

    private final List<Row> rows;
    private final String baseline;
    private final int rounds;
    private final long seed;

    /**
     * @param baseline the measure the paired differences are taken against (vanilla F1)
     * @param rounds   bootstrap resamples
     * @param seed     bootstrap seed
     */
    public StudyReport(List<Row> rows, String baseline, int rounds, long seed) {
        this.rows = List.copyOf(rows);
        this.baseline = baseline;
        this.rounds = rounds;
        this.seed = seed;
    }

    public List<String> rankings() {
        Set<String> r = new LinkedHashSet<>();
        rows.forEach(x -> r.add(x.ranking()));
        return List.copyOf(r);
    }

    public List<String> measures() {
        Set<String> r = new LinkedHashSet<>();
        rows.forEach(x -> r.add(x.measure()));
        return List.copyOf(r);
    }

    public Row row(String ranking, String measure) {
        return rows.stream().filter(r -> r.ranking().equals(ranking) && r.measure().equals(measure)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no row " + ranking + "/" + measure));
    }

    Interval t(double[] x, double level) {
        return Intervals.studentT(x, level);
    }

    Interval boot(double[] x) {
        return Intervals.bootstrap(x, 0.95, rounds, seed);
    }

    /** The baseline's per-passage correlations under {@code ranking} at its fixed setting. */
    double[] baseline(String ranking) {
        Row b = row(ranking, baseline);
        return b.fixedRho() != null ? b.fixedRho() : b.loo().heldOut();
    }

    public String markdown() {
        StringBuilder s = new StringBuilder();
        String main = rankings().get(0);
        s.append("### Agreement with the human ranking (").append(main).append(")\n\n");
        s.append("Mean Spearman over the 20 passages; t = Student-t interval (as the paper), boot = percentile "
                + "bootstrap over passages (").append(rounds).append(" resamples, seed ").append(seed)
                .append("); Δ F1 = mean paired difference against ").append(baseline)
                .append(" with its 95% t interval (Table 4).\n\n");
        s.append("| measure | fixed setting | mean | 90% t | 95% t | 95% boot | Δ F1 (95% t) "
                + "| grid (in-sample) | grid mean | LOO mean | LOO 95% t | LOO 95% boot | LOO Δ F1 (95% t) |\n");
        s.append("|---|---|---:|---|---|---|---|---|---:|---:|---|---|---|\n");
        double[] f1 = baseline(main);
        for (String m : measures()) {
            Row r = row(main, m);
            s.append("| ").append(m).append(" | ");
            if (r.fixedRho() != null) {
                double[] x = r.fixedRho();
                s.append(r.fixedSetting()).append(" | ").append(f(Intervals.mean(x))).append(" | ")
                        .append(t(x, 0.90)).append(" | ").append(t(x, 0.95)).append(" | ").append(boot(x))
                        .append(" | ").append(diff(x, f1, m)).append(" | ");
            } else {
                s.append("— | | | | | | ");
            }
            double[] loo = r.loo().heldOut();
            s.append(r.gridSetting()).append(" | ").append(f(Intervals.mean(r.gridRho()))).append(" | ")
                    .append(f(r.loo().mean())).append(" | ").append(t(loo, 0.95)).append(" | ").append(boot(loo))
                    .append(" | ").append(diff(loo, f1, m)).append(" |\n");
        }
        s.append("\n### How much the conclusions depend on the human ranking\n\n");
        s.append("Mean Spearman at the fixed setting / by leave-one-passage-out, per human ranking "
                + "(elo = online Elo replayed in the authors' order, bt = Bradley-Terry fit; skip = ties ignored, "
                + "half = a tie scores 0.5).\n\n| measure |");
        for (String k : rankings()) {
            s.append(' ').append(k).append(" fixed | ").append(k).append(" LOO |");
        }
        s.append("\n|---|");
        rankings().forEach(k -> s.append("---:|---:|"));
        s.append('\n');
        for (String m : measures()) {
            s.append("| ").append(m).append(" |");
            for (String k : rankings()) {
                Row r = row(k, m);
                s.append(' ').append(r.fixedRho() == null ? "—" : f(Intervals.mean(r.fixedRho()))).append(" | ")
                        .append(f(r.loo().mean())).append(" |");
            }
            s.append('\n');
        }
        s.append("\n### Settings chosen by leave-one-passage-out (").append(main).append(")\n\n");
        s.append("| measure | chosen on the other 19 passages (×count) |\n|---|---|\n");
        for (String m : measures()) {
            s.append("| ").append(m).append(" | ").append(row(main, m).looSettings()).append(" |\n");
        }
        return s.toString();
    }

    private String diff(double[] x, double[] f1, String measure) {
        if (measure.equals(baseline)) {
            return "—";
        }
        double[] d = Intervals.difference(x, f1);
        return f(Intervals.mean(d)) + " " + t(d, 0.95);
    }

    /** One line per (ranking, measure, setting kind), with every interval and the per-passage correlations. */
    public String csv() {
        List<String> header = new ArrayList<>(List.of("ranking", "measure", "kind", "setting", "mean", "t90_low",
                "t90_high", "t95_low", "t95_high", "boot95_low", "boot95_high", "diff_f1_mean", "diff_f1_t95_low",
                "diff_f1_t95_high"));
        int passages = rows.get(0).rho()[0].length;
        for (int p = 1; p <= passages; p++) {
            header.add("rho_p" + p);
        }
        StringBuilder s = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(s, CSV)) {
            out.printRecord(header);
            for (Row r : rows) {
                double[] f1 = baseline(r.ranking());
                Map<String, double[]> kinds = new LinkedHashMap<>();
                Map<String, String> settings = new LinkedHashMap<>();
                if (r.fixedRho() != null) {
                    kinds.put("fixed", r.fixedRho());
                    settings.put("fixed", r.fixedSetting());
                }
                kinds.put("grid", r.gridRho());
                settings.put("grid", r.gridSetting());
                kinds.put("loo", r.loo().heldOut());
                settings.put("loo", r.looSettings());
                for (Map.Entry<String, double[]> k : kinds.entrySet()) {
                    double[] x = k.getValue();
                    Interval t90 = t(x, 0.90);
                    Interval t95 = t(x, 0.95);
                    Interval b = boot(x);
                    double[] d = Intervals.difference(x, f1);
                    Interval dt = t(d, 0.95);
                    List<String> cells = new ArrayList<>(List.of(r.ranking(), r.measure(), k.getKey(),
                            settings.get(k.getKey()), g(Intervals.mean(x)), g(t90.low()), g(t90.high()),
                            g(t95.low()), g(t95.high()), g(b.low()), g(b.high()), g(Intervals.mean(d)), g(dt.low()),
                            g(dt.high())));
                    for (double v : x) {
                        cells.add(g(v));
                    }
                    out.printRecord(cells);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return s.toString();
    }

    /** RFC 4180 quoting (a cell with a comma or quote is quoted), one line per record. */
    private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    /**
     * Strip plot of one ranking's per-passage correlations, one line per measure: a dot per passage (jittered
     * vertically by passage number), the mean as a bar and its 95% t interval as a whisker.
     *
     * @param kind "fixed", "grid" or "loo"; a measure without a fixed setting falls back to "loo"
     */
    public String svg(String ranking, String kind, String title) {
        List<String> ms = measures();
        int left = 170;
        int width = 860;
        int plotW = width - left - 30;
        int rowH = 34;
        int top = 50;
        int height = top + rowH * ms.size() + 50;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"14\" font-weight=\"bold\">%s</text>%n",
                left, escape(title)));
        for (double v = -1.0; v <= 1.0001; v += 0.25) {
            double x = left + (v + 1) / 2 * plotW;
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>%n",
                    x, top - 8, x, top + rowH * ms.size(), Math.abs(v) < 1e-9 ? "#888" : "#e4e4e4"));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.2f</text>%n", x,
                    top + rowH * ms.size() + 16, v));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">Spearman ρ per passage "
                + "(dots); mean and 95%% t interval (red)</text>%n", left + plotW / 2.0, top + rowH * ms.size() + 36));
        for (int i = 0; i < ms.size(); i++) {
            Row r = row(ranking, ms.get(i));
            double[] x = kind.equals("fixed") && r.fixedRho() != null ? r.fixedRho()
                    : kind.equals("grid") ? r.gridRho() : r.loo().heldOut();
            double y = top + rowH * i + rowH / 2.0;
            if (i % 2 == 0) {
                s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%d\" "
                        + "fill=\"#f6f8fb\"/>%n", left, y - rowH / 2.0, plotW, rowH));
            }
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    left - 8, y + 4, escape(ms.get(i))));
            for (int p = 0; p < x.length; p++) {
                double px = left + (x[p] + 1) / 2 * plotW;
                double py = y - 10 + 20.0 * p / Math.max(1, x.length - 1);
                s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#3b6fb6\" "
                        + "fill-opacity=\"0.6\"><title>passage %d: %.3f</title></circle>%n", px, py, p + 1, x[p]));
            }
            Interval ci = t(x, 0.95);
            double m = Intervals.mean(x);
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    + "stroke=\"#c0392b\" stroke-width=\"2\"/>%n", left + (ci.low() + 1) / 2 * plotW, y,
                    left + (ci.high() + 1) / 2 * plotW, y));
            s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"3\" height=\"22\" "
                    + "fill=\"#c0392b\"><title>mean %.3f %s</title></rect>%n", left + (m + 1) / 2 * plotW - 1.5,
                    y - 11, m, ci));
        }
        s.append("</svg>\n");
        return s.toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    static String f(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String g(double v) {
        return Double.toString(v);
    }
}
