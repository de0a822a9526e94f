package io.causalstream.scorer.measures;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one text normalisation shared by exact matching and by edge-set deduplication, so that "Fish  stocks" and
 * "fish stocks" are the same node everywhere: trim, lower-case (locale-independent) and collapse every run of
 * whitespace (Unicode whitespace included, e.g. no-break spaces from web text) to one space.
 */
public final class NodeText {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);

    public static String normalise(String label) {
        if (label == null) {
            return "";
        }
        return WHITESPACE.matcher(label).replaceAll(" ").strip().toLowerCase(Locale.ROOT);
    }

    private NodeText() {
    }
}
