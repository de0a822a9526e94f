package io.causalstream.text;

/**
 * A word of a text: its lower-cased form, its Porter stem, whether it is a stop word, and its character span
 * [start, end) in the text it came from.
 */
public record Token(String lower, String stem, boolean stop, int start, int end) {
}
