package io.causalstream.scorer.curation;

/**
 * Bounds of a correction, checked before anything is published.
 *
 * @param maxEdges the most edges a correction may have (and the most edges of an extraction the page corrects)
 * @param maxLabel the longest concept label, in characters
 * @param maxEdits the most edits one submission may carry
 */
public record CurationLimits(int maxEdges, int maxLabel, int maxEdits) {

    public static final CurationLimits DEFAULT = new CurationLimits(200, 200, 2000);

    public CurationLimits {
        if (maxEdges < 1 || maxLabel < 1 || maxEdits < 1) {
            throw new IllegalArgumentException("curation limits must be >= 1, got edges " + maxEdges + ", label "
                    + maxLabel + ", edits " + maxEdits);
        }
    }
}
