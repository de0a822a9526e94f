package io.causalstream.extractor.backend.rules;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One sentence of a passage and where it sits in the passage text: {@code start} inclusive, {@code end} exclusive,
 * in UTF-16 code units (the unit of EvidenceSpan), surrounding whitespace excluded.
 */
record Sentence(int start, int end, String text) {

    /** Splits with the JDK's English sentence rules: good enough for the cue rules, replaced by OpenNLP later. */
    static List<Sentence> split(String passage) {
        BreakIterator boundaries = BreakIterator.getSentenceInstance(Locale.ENGLISH);
        boundaries.setText(passage);
        List<Sentence> sentences = new ArrayList<>();
        for (int start = boundaries.first(), end = boundaries.next(); end != BreakIterator.DONE;
             start = end, end = boundaries.next()) {
            int s = start;
            int e = end;
            while (s < e && Character.isWhitespace(passage.charAt(s))) {
                s++;
            }
            while (e > s && Character.isWhitespace(passage.charAt(e - 1))) {
                e--;
            }
            if (s < e) {
                sentences.add(new Sentence(s, e, passage.substring(s, e)));
            }
        }
        return sentences;
    }
}
