package io.causalstream.extractor.parse;

import io.causalstream.schemas.graph.EvidenceSpan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds where a node label occurs in the passage, for provenance. First the label itself (case and spacing
 * ignored); failing that, the shortest window of passage words that holds most of the label's words in order
 * (models lower-case, drop articles, or shorten "low levels of rainfall" to "low rainfall"). A label whose words
 * are mostly absent from the passage has no span: the model brought in a concept the text does not name.
 */
public final class SpanAligner {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:['’-][\\p{L}\\p{N}]+)*");
    /** Share of the label's content words a window must hold. */
    private static final double MIN_COVERAGE = 0.6;
    private static final java.util.Set<String> STOP = java.util.Set.of(
            "the", "a", "an", "of", "in", "on", "to", "for", "and", "or", "by", "with", "at", "from", "as", "is",
            "are", "was", "were", "be", "its", "their", "this", "that");

    private record Word(int start, int end, String norm) {
    }

    private final String passage;
    private final List<Word> words;
    private final String folded;

    public SpanAligner(String passage) {
        this.passage = passage == null ? "" : passage;
        this.words = words(this.passage);
        this.folded = this.passage.toLowerCase(Locale.ROOT);
    }

    /** The span of the passage that the label names, if any. */
    public Optional<EvidenceSpan> align(String label) {
        if (label == null || label.isBlank()) {
            return Optional.empty();
        }
        Optional<EvidenceSpan> exact = exact(label);
        if (exact.isPresent()) {
            return exact;
        }
        return window(label);
    }

    private Optional<EvidenceSpan> exact(String label) {
        String needle = label.strip().toLowerCase(Locale.ROOT);
        int at = folded.indexOf(needle);
        if (at >= 0 && isWordBoundary(at, at + needle.length())) {
            return Optional.of(new EvidenceSpan(at, at + needle.length()));
        }
        // whitespace differences: compare word sequences
        List<Word> label_ = words(label);
        if (label_.isEmpty()) {
            return Optional.empty();
        }
        outer:
        for (int i = 0; i + label_.size() <= words.size(); i++) {
            for (int j = 0; j < label_.size(); j++) {
                if (!words.get(i + j).norm().equals(label_.get(j).norm())) {
                    continue outer;
                }
            }
            return Optional.of(new EvidenceSpan(words.get(i).start(), words.get(i + label_.size() - 1).end()));
        }
        return Optional.empty();
    }

    private boolean isWordBoundary(int start, int end) {
        boolean left = start == 0 || !Character.isLetterOrDigit(passage.charAt(start - 1));
        boolean right = end >= passage.length() || !Character.isLetterOrDigit(passage.charAt(end));
        return left && right;
    }

    private Optional<EvidenceSpan> window(String label) {
        List<String> wanted = new ArrayList<>();
        for (Word w : words(label)) {
            if (!STOP.contains(w.norm())) {
                wanted.add(w.norm());
            }
        }
        if (wanted.isEmpty()) {
            return Optional.empty();
        }
        int needed = (int) Math.ceil(wanted.size() * MIN_COVERAGE);
        Map<String, Integer> counts = new HashMap<>();
        wanted.forEach(w -> counts.merge(w, 1, Integer::sum));
        // slide over windows no longer than twice the label: the best is the one covering most words, then
        // the shortest
        int maxLen = Math.max(wanted.size() * 2 + 2, 4);
        int bestCovered = 0;
        int bestStart = -1;
        int bestEnd = -1;
        for (int i = 0; i < words.size(); i++) {
            if (!counts.containsKey(stem(words.get(i).norm(), counts))) {
                continue;
            }
            Map<String, Integer> left = new HashMap<>(counts);
            int covered = 0;
            for (int j = i; j < words.size() && j < i + maxLen; j++) {
                String key = stem(words.get(j).norm(), left);
                Integer n = left.get(key);
                if (n != null && n > 0) {
                    left.put(key, n - 1);
                    covered++;
                    if (covered > bestCovered || (covered == bestCovered && j - i < bestEnd - bestStart)) {
                        bestCovered = covered;
                        bestStart = i;
                        bestEnd = j;
                    }
                }
            }
        }
        if (bestCovered < needed) {
            return Optional.empty();
        }
        return Optional.of(new EvidenceSpan(words.get(bestStart).start(), words.get(bestEnd).end()));
    }

    /** The wanted word this passage word stands for: itself, or a plural/singular variant of it. */
    private static String stem(String word, Map<String, Integer> wanted) {
        if (wanted.containsKey(word)) {
            return word;
        }
        for (String variant : new String[] {word + "s", word + "es", strip(word, "s"), strip(word, "es")}) {
            if (variant != null && wanted.containsKey(variant)) {
                return variant;
            }
        }
        return word;
    }

    private static String strip(String word, String suffix) {
        return word.endsWith(suffix) && word.length() > suffix.length() + 2
                ? word.substring(0, word.length() - suffix.length()) : null;
    }

    private static List<Word> words(String text) {
        List<Word> out = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            out.add(new Word(m.start(), m.end(), m.group().toLowerCase(Locale.ROOT).replace('’', '\'')));
        }
        return out;
    }
}
