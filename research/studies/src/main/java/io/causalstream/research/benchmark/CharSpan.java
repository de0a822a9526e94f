package io.causalstream.research.benchmark;

/** Characters {@code [start, end)} of a sentence's plain text (annotation tags removed). */
public record CharSpan(int start, int end) {

    public CharSpan {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad span [" + start + ", " + end + ")");
        }
    }

    public String of(String text) {
        return text.substring(start, end);
    }

    public int length() {
        return end - start;
    }

    /** Characters shared with another span (0 when they do not overlap). */
    public int overlap(CharSpan other) {
        return Math.max(0, Math.min(end, other.end) - Math.max(start, other.start));
    }

    public boolean contains(int offset) {
        return offset >= start && offset < end;
    }
}
