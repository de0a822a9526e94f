package io.causalstream.research.cesar.eval;

import io.causalstream.text.files.Csv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The evaluation files of the delta-CAUSAL repository ({@code defeasibility-in-causality}), by their place in it:
 * the 500 test rows behind Table 3, the COPA pairs behind Table 4, and the saved scores of CESAR, CEQ and ROCK.
 */
public final class DefeasibilityData {

    /** One row of {@code CS_metric_test.csv}; the two concatenations are already "C [SEP] A" / "C [SEP] D". */
    public record TestRow(String id, String cause, String causeWithSupporter, String causeWithDefeater,
                          String effect) {
    }

    /** One row of {@code CS_metric_copa.csv}. */
    public record CopaRow(String id, String cause, String effect, boolean label) {
    }

    public static final String TEST = "cesar_metric/CESAR/data/CS_metric_test.csv";
    public static final String COPA = "cesar_metric/CESAR/data/CS_metric_copa.csv";
    public static final String CESAR_BASE = "evaluation_metrics/cesar/base_scores.pkl";
    public static final String CESAR_SUPPORTER = "evaluation_metrics/cesar/assumption_scores.pkl";
    public static final String CESAR_DEFEATER = "evaluation_metrics/cesar/defeater_scores.pkl";
    public static final String CEQ_SUPPORTER = "evaluation_metrics/df_assumption_ceq.csv";
    public static final String CEQ_DEFEATER = "evaluation_metrics/df_defeater_ceq.csv";
    public static final String CEQ_COPA = "evaluation_metrics/copa_ceq_scores.csv";
    public static final String ROCK = "metrics_outputs/rock_outputs/rock.csv";

    private final Path root;

    public DefeasibilityData(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public List<TestRow> testRows() throws IOException {
        Csv.Table csv = Csv.read(root.resolve(TEST));
        int id = csv.column("id");
        int cause = csv.column("cause");
        int supporter = csv.column("C+A");
        int defeater = csv.column("C+D");
        int effect = csv.column("effect");
        List<TestRow> out = new ArrayList<>();
        for (List<String> row : csv.rows()) {
            out.add(new TestRow(row.get(id), row.get(cause), row.get(supporter), row.get(defeater), row.get(effect)));
        }
        return out;
    }

    public List<CopaRow> copaRows() throws IOException {
        Csv.Table csv = Csv.read(root.resolve(COPA));
        int id = csv.column("id");
        int cause = csv.column("cause");
        int effect = csv.column("effect");
        int label = csv.column("label");
        List<CopaRow> out = new ArrayList<>();
        for (List<String> row : csv.rows()) {
            out.add(new CopaRow(row.get(id), row.get(cause), row.get(effect), Double.parseDouble(row.get(label)) == 1));
        }
        return out;
    }

    /** Table 3 rows recomputed from the scores the authors saved: CESAR, ROCK and CEQ. */
    public List<ShiftAccuracy> referenceShifts() throws IOException {
        List<ShiftAccuracy> out = new ArrayList<>();
        out.add(ShiftAccuracy.of("CESAR (authors' saved scores)", NumpyPickle.read(root.resolve(CESAR_BASE)),
                NumpyPickle.read(root.resolve(CESAR_SUPPORTER)), NumpyPickle.read(root.resolve(CESAR_DEFEATER))));
        Csv.Table rock = Csv.read(root.resolve(ROCK));
        out.add(ShiftAccuracy.of("ROCK (authors' saved scores)", column(rock, "best_dl1"), column(rock, "best_dl1_a"),
                column(rock, "best_dl1_d")));
        Csv.Table ceqSupporter = Csv.read(root.resolve(CEQ_SUPPORTER));
        Csv.Table ceqDefeater = Csv.read(root.resolve(CEQ_DEFEATER));
        out.add(ShiftAccuracy.of("CEQ (authors' saved scores)", column(ceqSupporter, "origin"),
                column(ceqSupporter, "assumption"), column(ceqDefeater, "origin"), column(ceqDefeater, "defeater")));
        return out;
    }

    /** Table 4's CEQ entry from the saved CEQ scores of the COPA pairs (the only saved COPA scores). */
    public CopaAccuracy referenceCopaCeq() throws IOException {
        Csv.Table csv = Csv.read(root.resolve(CEQ_COPA));
        int id = csv.column("id");
        int label = csv.column("label");
        int ceq = csv.column("ceq");
        List<CopaAccuracy.Row> rows = new ArrayList<>();
        for (List<String> row : csv.rows()) {
            rows.add(new CopaAccuracy.Row(row.get(id), Double.parseDouble(row.get(label)) == 1,
                    Double.parseDouble(row.get(ceq))));
        }
        return CopaAccuracy.of("CEQ (authors' saved scores)", rows);
    }

    public boolean hasReferenceScores() {
        return Files.isRegularFile(root.resolve(CESAR_BASE));
    }

    private static double[] column(Csv.Table csv, String name) {
        int c = csv.column(name);
        return csv.rows().stream().mapToDouble(r -> Double.parseDouble(r.get(c))).toArray();
    }
}
