package io.causalstream.extractor.backend.model;

/**
 * A candidate concept of one sentence: tokens {@code [from, to]} (inclusive), characters {@code [start, end)} of the
 * sentence text, and the text as written.
 */
public record ConceptSpan(int from, int to, int start, int end, String text) {

    public boolean overlaps(ConceptSpan other) {
        return start < other.end && other.start < end;
    }
}
