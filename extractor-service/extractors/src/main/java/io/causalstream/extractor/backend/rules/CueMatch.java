package io.causalstream.extractor.backend.rules;

/**
 * Where a cue was found in a sentence ({@code start} inclusive, {@code end} exclusive), and the form found
 * (lower case, single spaces).
 */
record CueMatch(int start, int end, CuePattern cue, String form) {
}
