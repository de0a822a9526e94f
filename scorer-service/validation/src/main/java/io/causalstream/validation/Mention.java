package io.causalstream.validation;

/**
 * Where a node label was found: the sentence, the character span [start, end) in the passage that the matched
 * words cover, the level of the match and its score (1 for exact and stemmed; the weakest word's ratio for fuzzy;
 * BERTScore recall for embedding).
 */
public record Mention(GroundingLevel level, int sentence, int start, int end, double score) {

    public static final Mention NONE = new Mention(GroundingLevel.NONE, -1, -1, -1, 0);

    /** Stronger level first, then higher score. */
    public boolean betterThan(Mention other) {
        if (level != other.level) {
            return level.ordinal() < other.level.ordinal();
        }
        return score > other.score;
    }
}
