package io.causalstream.research.cesar.data;

import io.causalstream.cesar.CesarScorer;
import io.causalstream.research.cesar.data.TrainingExample.Kind;
import io.causalstream.text.files.Csv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * delta-CAUSAL (Cui et al.): the TRAIN split only ({@code shuffled_train.csv}) becomes CESAR training examples,
 * "C [SEP] supporter" -> E at 1.0 and "C [SEP] defeater" -> E at 0.2 (and, optionally, C -> E at 0.7). The test
 * split ({@code shuffled_test_extended.csv}, from which {@code CS_metric_test.csv} is drawn) and the validation
 * split are never read here.
 */
public final class DeltaCausal {

    public static final String TRAIN_FILE = "shuffled_train.csv";

    /** @param location the {@code delta-causal-dataset} directory, or the train CSV itself */
    public static List<TrainingExample> trainExamples(Path location, boolean withBasePairs) throws IOException {
        Path file = Files.isDirectory(location) ? location.resolve(TRAIN_FILE) : location;
        if (!file.getFileName().toString().equals(TRAIN_FILE)) {
            throw new IllegalArgumentException("only the delta-CAUSAL train split (" + TRAIN_FILE
                    + ") may be used for training, got " + file);
        }
        Csv.Table csv = Csv.read(file);
        int cause = csv.column("cause");
        int effect = csv.column("long_term_effect");
        int supporter = csv.column("supporter");
        int defeater = csv.column("defeater");
        List<TrainingExample> out = new ArrayList<>();
        for (List<String> row : csv.rows()) {
            String c = row.get(cause).strip();
            String e = row.get(effect).strip();
            String a = row.get(supporter).strip();
            String d = row.get(defeater).strip();
            if (c.isEmpty() || e.isEmpty()) {
                continue;
            }
            if (!a.isEmpty()) {
                out.add(TrainingExample.of(CesarScorer.concatenate(c, a), e, Kind.DELTA_SUPPORTER));
            }
            if (!d.isEmpty()) {
                out.add(TrainingExample.of(CesarScorer.concatenate(c, d), e, Kind.DELTA_DEFEATER));
            }
            if (withBasePairs) {
                out.add(TrainingExample.of(c, e, Kind.DELTA_BASE));
            }
        }
        return out;
    }

    private DeltaCausal() {
    }
}
