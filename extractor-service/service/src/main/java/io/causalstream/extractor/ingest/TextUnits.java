package io.causalstream.extractor.ingest;

import io.causalstream.text.Sentence;
import io.causalstream.text.Sentences;
import java.util.ArrayList;
import java.util.List;

/** Splits plain text into the passages the CLI publishes: paragraphs (blank-line separated), sentences, or lines. */
public final class TextUnits {

    public enum Unit { PARAGRAPHS, SENTENCES, LINES, WHOLE }

    public static List<String> split(String text, Unit unit) {
        List<String> out = new ArrayList<>();
        switch (unit) {
            case WHOLE -> out.add(text.strip());
            case LINES -> {
                for (String line : text.split("\\R")) {
                    out.add(line.strip());
                }
            }
            case PARAGRAPHS -> {
                for (String para : text.split("\\R\\s*\\R")) {
                    out.add(para.strip().replaceAll("\\s*\\R\\s*", " "));
                }
            }
            case SENTENCES -> {
                // the project's one sentence splitter (the rule extractor and the validator split with it too)
                for (String para : split(text, Unit.PARAGRAPHS)) {
                    for (Sentence sentence : Sentences.split(para)) {
                        out.add(sentence.text());
                    }
                }
            }
        }
        out.removeIf(String::isEmpty);
        return out;
    }

    private TextUnits() {
    }
}
