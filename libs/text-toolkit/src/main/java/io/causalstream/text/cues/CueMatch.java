package io.causalstream.text.cues;

/**
 * Where a cue was found in a sentence ({@code start} inclusive, {@code end} exclusive), and the form found
 * (lower case, single spaces).
 */
public record CueMatch(int start, int end, Cue cue, String form) {
}
