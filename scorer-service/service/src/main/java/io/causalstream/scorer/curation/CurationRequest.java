package io.causalstream.scorer.curation;

import java.util.List;

/**
 * What the curation page submits: the extraction the curator started from (passage, annotation and the versions
 * the page showed), the edits in the order the curator made them (undone ones already removed), whether the passage
 * asserts nothing causal, and whether the correction is also the passage's gold.
 *
 * @param passageId         the passage
 * @param annotationId      the extraction corrected
 * @param passageVersion    {@link Versions#passage} of the text the page showed
 * @param extractionVersion {@link Versions#extraction} of the extraction the page showed
 * @param edits             the edits, applied in order
 * @param nothingCausal     the passage asserts nothing causal: every edge is deleted, none may be added
 * @param gold              publish the correction as the passage's gold too ({@code gold-graphs}, origin CURATED)
 */
public record CurationRequest(String passageId, String annotationId, String passageVersion,
                              String extractionVersion, List<Edit> edits, boolean nothingCausal, boolean gold) {

    public CurationRequest {
        edits = edits == null ? List.of() : List.copyOf(edits);
    }

    /**
     * One edit. {@code op} is one of:
     * <ul>
     *   <li>{@code flip} {@code index}: reverse the direction of the extraction's edge {@code index};</li>
     *   <li>{@code delete} {@code index}: remove it;</li>
     *   <li>{@code keep} {@code index}: mark it correct;</li>
     *   <li>{@code rename} {@code from} {@code to}: every concept labelled {@code from} (case and spacing aside)
     *       becomes {@code to}; naming another concept of the graph (or of a collective map) merges the two;</li>
     *   <li>{@code add} {@code sourceSpan} {@code targetSpan} {@code direction}: a missed edge between two spans
     *       of the passage text (its concepts are the spans' words unless {@code source} / {@code target} name
     *       them; the spans are the edge's evidence).</li>
     * </ul>
     */
    public record Edit(String op, Integer index, String from, String to, String source, String target,
                       String direction, Span sourceSpan, Span targetSpan) {

        public static Edit flip(int index) {
            return new Edit("flip", index, null, null, null, null, null, null, null);
        }

        public static Edit delete(int index) {
            return new Edit("delete", index, null, null, null, null, null, null, null);
        }

        public static Edit keep(int index) {
            return new Edit("keep", index, null, null, null, null, null, null, null);
        }

        public static Edit rename(String from, String to) {
            return new Edit("rename", null, from, to, null, null, null, null, null);
        }

        public static Edit add(Span source, Span target, String direction) {
            return new Edit("add", null, null, null, null, null, direction, source, target);
        }
    }

    /** A character span {@code [start, end)} of the passage text, UTF-16 offsets. */
    public record Span(int start, int end) {
    }
}
