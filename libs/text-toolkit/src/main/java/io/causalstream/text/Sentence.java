package io.causalstream.text;

/** One sentence of a passage: its 0-based index and character span [start, end) in the passage text. */
public record Sentence(int index, int start, int end, String text) {

    public boolean overlaps(int spanStart, int spanEnd) {
        return spanStart < end && spanEnd > start;
    }
}
