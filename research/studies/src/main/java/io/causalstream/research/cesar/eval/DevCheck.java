package io.causalstream.research.cesar.eval;

import io.causalstream.cesar.CesarHead;
import io.causalstream.cesar.CesarScorer;
import io.causalstream.cesar.CesarStrength;
import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.text.files.Csv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Supporter / defeater accuracy on rows of the delta-CAUSAL VALIDATION split, for watching training and choosing
 * settings without ever looking at the test split. Rows are a seeded sample; the encoder runs once, every check
 * after that is the head's arithmetic only.
 */
public final class DevCheck {

    public static final String VALIDATION_FILE = "shuffled_val_extended.csv";

    private final List<TokenEmbeddings[]> rows;

    private DevCheck(List<TokenEmbeddings[]> rows) {
        this.rows = rows;
    }

    public static DevCheck sample(Path deltaCausalDir, int size, long seed, TokenEncoder encoder) throws IOException {
        Csv.Table csv = Csv.read(deltaCausalDir.resolve(VALIDATION_FILE));
        int cause = csv.column("cause");
        int effect = csv.column("long_term_effect");
        // the validation file names the supporter column "assumption", the train file "supporter"
        int supporter = csv.header().contains("supporter") ? csv.column("supporter") : csv.column("assumption");
        int defeater = csv.column("defeater");
        List<List<String>> usable = new ArrayList<>();
        for (List<String> row : csv.rows()) {
            if (!row.get(cause).isBlank() && !row.get(effect).isBlank() && !row.get(supporter).isBlank()
                    && !row.get(defeater).isBlank()) {
                usable.add(row);
            }
        }
        Collections.shuffle(usable, new Random(seed));
        List<List<String>> chosen = usable.subList(0, Math.min(size, usable.size()));
        List<TextPair> pairs = new ArrayList<>();
        for (List<String> row : chosen) {
            String c = row.get(cause).strip();
            String e = row.get(effect).strip();
            pairs.add(new TextPair(c, e));
            pairs.add(new TextPair(CesarScorer.concatenate(c, row.get(supporter).strip()), e));
            pairs.add(new TextPair(CesarScorer.concatenate(c, row.get(defeater).strip()), e));
        }
        List<TokenEmbeddings> encoded = encoder.encodePairs(pairs);
        List<TokenEmbeddings[]> rows = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            rows.add(new TokenEmbeddings[] {encoded.get(3 * i), encoded.get(3 * i + 1), encoded.get(3 * i + 2)});
        }
        return new DevCheck(rows);
    }

    public ShiftAccuracy evaluate(CesarHead head) {
        double[][] scores = new double[3][rows.size()];
        java.util.stream.IntStream.range(0, rows.size() * 3).parallel().forEach(n -> {
            TokenEmbeddings t = rows.get(n / 3)[n % 3];
            scores[n % 3][n / 3] = CesarStrength.score(head, t.segment(0), t.segment(1));
        });
        return ShiftAccuracy.of("validation split", scores[0], scores[1], scores[2]);
    }
}
