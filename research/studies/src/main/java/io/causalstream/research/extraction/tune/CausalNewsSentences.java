package io.causalstream.research.extraction.tune;

import io.causalstream.research.benchmark.Detokenised;
import io.causalstream.text.files.Csv;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Causal News Corpus V2, subtask 1 (Tan et al., CC0): news sentences labelled causal or not causal
 * ({@code train_subtask1.csv}, {@code dev_subtask1.csv}: columns {@code index,text,label}). The claim detector learns
 * from them what a sentence that asserts no causation looks like (reports of events, statements, descriptions). The
 * corpus writes its sentences tokenised ("Chale , 39 , to death"); they are joined back into ordinary spacing, as the
 * extractor reads text.
 */
public final class CausalNewsSentences {

    /** One labelled sentence. */
    public record Sentence(String text, boolean causal) {
    }

    public static List<Sentence> read(Path csv) {
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            List<Sentence> out = new ArrayList<>();
            for (Map<String, String> row : Csv.maps(in)) {
                String text = detokenised(row.getOrDefault("text", ""));
                String label = row.getOrDefault("label", "").strip();
                if (!text.isBlank() && (label.equals("0") || label.equals("1"))) {
                    out.add(new Sentence(text, label.equals("1")));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv, e);
        }
    }

    /** "hacked to death , on December 8 , 2016 ." → "hacked to death, on December 8, 2016." */
    public static String detokenised(String text) {
        return Detokenised.sentence(text);
    }

    private CausalNewsSentences() {
    }
}
