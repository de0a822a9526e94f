package io.causalstream.fcm.aggregate;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The normalised text that resolves concepts across passages: Unicode NFKC, lower case (locale-independent), every
 * run of whitespace collapsed to one space (the soft-F1 measures' {@code NodeText.normalise} rule), then punctuation
 * at either end and one leading article ("the", "a", "an") removed. "The  Rainfall." and "rainfall" are one
 * concept; "rain" and "rainfall" are not (that is what the pluggable similarity is for).
 */
public final class ConceptKey {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern EDGE_PUNCTUATION = Pattern.compile("^[\\p{P}\\p{S}\\s]+|[\\p{P}\\p{S}\\s]+$");
    private static final Pattern ARTICLE = Pattern.compile("^(the|a|an) (?=\\S)");

    public static String normalise(String label) {
        if (label == null) {
            return "";
        }
        String s = Normalizer.normalize(label, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        s = WHITESPACE.matcher(s).replaceAll(" ").strip();
        s = EDGE_PUNCTUATION.matcher(s).replaceAll("");
        return ARTICLE.matcher(s).replaceFirst("");
    }

    private ConceptKey() {
    }
}
