package io.causalstream.validation;

/** How a node label was found in the passage, strongest first. */
public enum GroundingLevel {
    /** The label's words appear contiguously, ignoring case. */
    EXACT,
    /** Every content word's Porter stem appears in one sentence. */
    STEMMED,
    /** Every content word is close (edit-distance ratio) to a word of one sentence: typos, spelling variants. */
    FUZZY,
    /** The label's contextual token embeddings are close to one sentence's (BERTScore recall): paraphrase. */
    EMBEDDING,
    /** Not found: the label introduces a concept the passage does not state (guideline 2). */
    NONE;

    public boolean found() {
        return this != NONE;
    }

    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
