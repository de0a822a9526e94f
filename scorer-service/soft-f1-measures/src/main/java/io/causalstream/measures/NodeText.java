package io.causalstream.measures;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Node label handling shared by the measures.
 *
 * <ul>
 *   <li>{@link #normalise}: the one normalisation of exact matching and edge-set deduplication, so that
 *       "Fish  stocks" and "fish stocks" are the same node everywhere: trim, lower-case (locale-independent) and
 *       collapse every run of whitespace (Unicode whitespace included, e.g. no-break spaces) to one space.</li>
 *   <li>{@link #isBlank}: an empty or whitespace-only label names no concept; it matches nothing.</li>
 *   <li>{@link #bounded}: measures see at most {@value #MAX_LABEL_CHARS} characters of a label (cut at a code
 *       point boundary), which bounds their cost on absurd input; real node labels are a few words.</li>
 * </ul>
 */
public final class NodeText {

    public static final int MAX_LABEL_CHARS = 1_000;

    private static final Pattern WHITESPACE = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);

    public static String normalise(String label) {
        if (label == null) {
            return "";
        }
        if (plainAscii(label)) {
            return label.toLowerCase(Locale.ROOT);
        }
        return WHITESPACE.matcher(label).replaceAll(" ").strip().toLowerCase(Locale.ROOT);
    }

    /** Printable ASCII with single inner spaces only: nothing to collapse or strip (the common case, no regex). */
    private static boolean plainAscii(String label) {
        int n = label.length();
        if (n == 0 || label.charAt(0) == ' ' || label.charAt(n - 1) == ' ') {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = label.charAt(i);
            if (c == ' ') {
                if (label.charAt(i - 1) == ' ') {
                    return false;
                }
            } else if (c < 0x21 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    public static boolean isBlank(String label) {
        return label == null || normalise(label).isEmpty();
    }

    public static String bounded(String label) {
        if (label.length() <= MAX_LABEL_CHARS) {
            return label;
        }
        int end = MAX_LABEL_CHARS;
        if (Character.isLowSurrogate(label.charAt(end)) && Character.isHighSurrogate(label.charAt(end - 1))) {
            end--;
        }
        return label.substring(0, end);
    }

    private NodeText() {
    }
}
