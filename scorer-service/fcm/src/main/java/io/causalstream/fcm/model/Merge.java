package io.causalstream.fcm.model;

/**
 * A recorded decision of concept resolution: the normalised label {@code key} was resolved to the concept
 * {@code into}. Undo one by listing {@code key} in the aggregation settings' {@code keepSeparate}.
 *
 * @param similarity the similarity that decided it (1 for a configured alias)
 * @param method {@code similarity:<name>} or {@code configured}
 */
public record Merge(String key, String into, double similarity, String method) {
}
