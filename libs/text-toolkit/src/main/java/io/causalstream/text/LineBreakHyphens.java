package io.causalstream.text;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Words that a line break split with a hyphen, put back together: text copied from a PDF's narrow columns reads
 * "the con- flict displaced farm- ers", and a reader then sees "con-" and "flict", neither the concept. A hyphen
 * followed by spaces or one line break and a lower-case word is such a break, unless the word after it is a function
 * word ("short- and long-term"). The two parts are joined into one word when WordNet knows the joined word
 * ("conflict", "farmers"); a hyphenated compound broken at its hyphen keeps the hyphen when WordNet knows both parts
 * but not the whole ("crisis- affected" -> "crisis-affected"); any other break is a syllable break and is joined
 * ("malnutri- tion"). Lucene's {@code HyphenatedWordsFilter} joins every such break, compounds too, and works on a
 * token stream, not on the text an extractor's offsets point into; hence this class.
 *
 * <p>{@link WordNet} loads on the first break met (about a second), never for text without one. Stateless;
 * thread-safe.
 */
public final class LineBreakHyphens {

    /** A hyphen at a line break: letters, '-', spaces or one line break, then a lower-case word. */
    private static final Pattern BREAK = Pattern.compile(
            "(?<![\\p{L}\\p{N}-])(\\p{L}+)-(?:[ \\t]+|[ \\t]*\\r?\\n[ \\t]*)(\\p{Ll}+)(?![\\p{L}\\p{N}])");
    /** Words after a hyphen that make it a suspended one ("pre- and post-war", "one- to two-year"). */
    private static final Set<String> SUSPENDING = Set.of("and", "or", "nor", "to", "than", "as", "but", "for", "of",
            "in", "on", "with", "by", "vs", "versus");

    /**
     * A text with its line-break hyphens repaired, and where each of its characters stands in the text as given:
     * {@code original[i]} is the offset of character {@code i}, {@code original[text.length()]} the given text's
     * length; {@code original} is null when nothing was repaired (every offset is its own).
     */
    public record Repaired(String text, int[] original) {

        /** Whether any break was repaired (otherwise {@link #text()} is the text as given). */
        public boolean changed() {
            return original != null;
        }

        /** The offset in the given text of the span starting at {@code start} of the repaired one. */
        public int originalStart(int start) {
            return original == null ? start : original[start];
        }

        /** The end (exclusive) in the given text of the span ending at {@code end} (exclusive) of the repaired one. */
        public int originalEnd(int end) {
            return original == null || end == 0 ? end : original[end - 1] + 1;
        }

        /** The offset in the repaired text of {@code offset} of the given text (a removed character: the next kept). */
        public int repaired(int offset) {
            if (original == null) {
                return Math.max(0, Math.min(offset, text.length()));
            }
            int lo = 0;
            int hi = text.length();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (original[mid] < offset) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    private LineBreakHyphens() {
    }

    /** The text with every line-break hyphen repaired; the text itself (and no map) when it has none. */
    public static Repaired repair(String text) {
        Matcher m = BREAK.matcher(text);
        StringBuilder out = null;
        int[] original = null;
        int copied = 0;
        while (m.find()) {
            String first = m.group(1);
            String second = m.group(2);
            if (SUSPENDING.contains(second)) {
                continue;
            }
            if (out == null) {
                out = new StringBuilder(text.length());
                original = new int[text.length() + 1];
            }
            copy(text, copied, m.end(1), out, original);
            boolean compound = !WordNet.isWord(first + second) && WordNet.isWord(first) && WordNet.isWord(second);
            if (compound) {
                original[out.length()] = m.end(1);
                out.append('-');
            }
            copy(text, m.start(2), m.end(2), out, original);
            copied = m.end(2);
        }
        if (out == null) {
            return new Repaired(text, null); // most text: no copy and no map on the extractors' path
        }
        copy(text, copied, text.length(), out, original);
        original[out.length()] = text.length();
        return new Repaired(out.toString(), java.util.Arrays.copyOf(original, out.length() + 1));
    }

    private static void copy(String text, int from, int to, StringBuilder out, int[] original) {
        for (int i = from; i < to; i++) {
            original[out.length()] = i;
            out.append(text.charAt(i));
        }
    }
}
