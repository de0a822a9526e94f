package io.causalstream.extractor.dataset;

import io.causalstream.text.files.Csv;
import io.causalstream.extractor.parse.RelationWords;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A released split of the soft-measures data ({@code train/val/test_data.csv}): one row per gold triple with the
 * columns {@code Causal claim} (the passage), {@code Independent variable (coded)} (source), {@code Dependent
 * variable (coded)} (target) and {@code Relationship} (Positive/Negative). Rows of one passage are grouped, in the
 * order the passages first appear.
 */
public final class ReleasedSplit {

    public static final String TEXT = "Causal claim";
    public static final String SOURCE = "Independent variable (coded)";
    public static final String TARGET = "Dependent variable (coded)";
    public static final String RELATION = "Relationship";

    public static List<GoldPassage> read(Path csv) {
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv, e);
        }
    }

    public static List<GoldPassage> read(Reader in) {
        Map<String, List<Triple>> byText = new LinkedHashMap<>();
        for (Map<String, String> row : Csv.maps(in)) {
            String text = row.getOrDefault(TEXT, "");
            if (text.isBlank()) {
                continue;
            }
            List<Triple> triples = byText.computeIfAbsent(text, t -> new ArrayList<>());
            String source = row.getOrDefault(SOURCE, "").strip();
            String target = row.getOrDefault(TARGET, "").strip();
            Direction d = RelationWords.direction(row.getOrDefault(RELATION, "")).orElse(null);
            if (!source.isEmpty() && !target.isEmpty() && d != null) {
                triples.add(new Triple(source, target, d, List.of(), null));
            }
        }
        List<GoldPassage> out = new ArrayList<>();
        byText.forEach((text, triples) -> out.add(new GoldPassage(text, triples)));
        return out;
    }

    private ReleasedSplit() {
    }
}
