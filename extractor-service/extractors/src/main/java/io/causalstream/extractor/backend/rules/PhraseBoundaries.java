package io.causalstream.extractor.backend.rules;

import io.causalstream.text.cues.CueMatch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a node phrase may begin and end in a sentence. A cause or an effect never reaches across clause
 * punctuation, a clause connector ("which", "that", "and thus", ...) or another cue, so the phrase next to a cue
 * runs from the cue to the nearest such boundary (or the sentence start or end).
 */
final class PhraseBoundaries {

    private static final Pattern CLAUSE_BREAKS = Pattern.compile(
            "[,;:()\\[\\]]"                       // clause punctuation
            + "|\\s[-–—]\\s|[–—]"                 // dashes, but not hyphens inside words ("semi-arid")
            + "|(?<![\\w-])(?:which|that|who|whom|whose|whereby|while|whereas|although|though|but"
            + "|because(?!\\s+of)|and\\s+thus|and\\s+therefore|and\\s+hence|thereby)(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    private record Span(int start, int end) {
    }

    private final int length;
    private final List<Span> spans;

    private PhraseBoundaries(int length, List<Span> spans) {
        this.length = length;
        this.spans = spans.stream().sorted(Comparator.comparingInt(Span::start)).toList();
    }

    /** The clause boundaries of a sentence. */
    static PhraseBoundaries of(String sentence) {
        List<Span> spans = new ArrayList<>();
        Matcher m = CLAUSE_BREAKS.matcher(sentence);
        while (m.find()) {
            spans.add(new Span(m.start(), m.end()));
        }
        return new PhraseBoundaries(sentence.length(), spans);
    }

    /** These boundaries plus the given cues. */
    PhraseBoundaries withCues(List<CueMatch> cues) {
        List<Span> all = new ArrayList<>(spans);
        cues.forEach(c -> all.add(new Span(c.start(), c.end())));
        return new PhraseBoundaries(length, all);
    }

    /** Where a phrase ending at {@code position} begins: after the last boundary that ends at or before it. */
    int phraseStartBefore(int position) {
        int start = 0;
        for (Span s : spans) {
            if (s.end() <= position) {
                start = Math.max(start, s.end());
            }
        }
        return start;
    }

    /** Where a phrase beginning at {@code position} ends: at the first boundary that starts at or after it. */
    int phraseEndAfter(int position) {
        for (Span s : spans) {
            if (s.start() >= position) {
                return s.start();
            }
        }
        return length;
    }
}
