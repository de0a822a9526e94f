package io.causalstream.alignment;

import java.util.Locale;
import java.util.Optional;

/**
 * The relation types of EmpiriGraph appendix A.3 (T = {hierarchy, directional, correlational, moderation}), plus
 * {@link #RELATION}, the single type of the type-agnostic view, and the two polarities of a causal triple.
 *
 * <p>{@link #CORRELATIONAL} is the only symmetric type: (u, v, correlational) and (v, u, correlational) are the same
 * edge, so a gold correlational edge matches a predicted one in either orientation. Every other type is directed.
 */
public enum EdgeType {
    HIERARCHY("hierarchy"),
    DIRECTIONAL("directional"),
    CORRELATIONAL("correlational"),
    MODERATION("moderation"),
    /** The one type left after collapsing all types (type-agnostic view); directed, as in the reference code. */
    RELATION("relation"),
    /** Causal triple polarity: more source, more target. */
    INCREASE("increase"),
    /** Causal triple polarity: more source, less target. */
    DECREASE("decrease");

    private final String label;

    EdgeType(String label) {
        this.label = label;
    }

    /** The lower-case name used in the reference CSV column names ({@code directional_f1}, ...). */
    public String label() {
        return label;
    }

    public boolean symmetric() {
        return this == CORRELATIONAL;
    }

    /** The four EmpiriGraph types, in the column order of the reference CSVs. */
    public static final EdgeType[] EMPIRIGRAPH = {HIERARCHY, DIRECTIONAL, CORRELATIONAL, MODERATION};

    /**
     * The type named by an annotation label, as the reference reads it: {@code hierarchy} exactly, otherwise by prefix
     * {@code direction*}, {@code correlation*}, {@code moderation*} (case-insensitive, e.g.
     * {@code direction__validated}). Empty for anything else: such labels are ignored, never guessed.
     */
    public static Optional<EdgeType> fromAnnotationLabel(String label) {
        String l = label == null ? "" : label.toLowerCase(Locale.ROOT);
        if (l.equals("hierarchy")) {
            return Optional.of(HIERARCHY);
        }
        if (l.startsWith("direction")) {
            return Optional.of(DIRECTIONAL);
        }
        if (l.startsWith("correlation")) {
            return Optional.of(CORRELATIONAL);
        }
        if (l.startsWith("moderation")) {
            return Optional.of(MODERATION);
        }
        return Optional.empty();
    }
}
