package io.causalstream.extractor.ingest;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
                for (String para : split(text, Unit.PARAGRAPHS)) {
                    BreakIterator it = BreakIterator.getSentenceInstance(Locale.ENGLISH);
                    it.setText(para);
                    for (int start = it.first(), end = it.next(); end != BreakIterator.DONE;
                         start = end, end = it.next()) {
                        out.add(para.substring(start, end).strip());
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
