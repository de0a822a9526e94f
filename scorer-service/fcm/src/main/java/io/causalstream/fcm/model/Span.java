package io.causalstream.fcm.model;

/** A character span of a passage's text ({@code [start, end)}, UTF-16 offsets) that supports an edge. */
public record Span(int start, int end) {

    public Span {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad span [" + start + ", " + end + ")");
        }
    }
}
