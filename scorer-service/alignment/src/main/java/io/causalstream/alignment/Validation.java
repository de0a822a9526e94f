package io.causalstream.alignment;

import java.util.Locale;

/**
 * The validation state of an EmpiriGraph edge: supported by the study's results, tested without support, or only
 * hypothesised. Hierarchy edges are always {@link #VALIDATED}.
 */
public enum Validation {
    VALIDATED("validated"),
    NULL("null"),
    HYPOTHESIZED("hypothesized");

    private final String label;

    Validation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * The state named anywhere in a free-text label, as the reference reads it: "validated" wins over "null", which
     * wins over "hypothesized"/"hypothesis" (case-insensitive substring tests); {@code fallback} when none occurs.
     */
    public static Validation fromText(String text, Validation fallback) {
        String t = text == null ? "" : text.toLowerCase(Locale.ROOT);
        if (t.contains("validated")) {
            return VALIDATED;
        }
        if (t.contains("null")) {
            return NULL;
        }
        if (t.contains("hypothesized") || t.contains("hypothesis")) {
            return HYPOTHESIZED;
        }
        return fallback;
    }
}
