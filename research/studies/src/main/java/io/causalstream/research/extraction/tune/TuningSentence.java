package io.causalstream.research.extraction.tune;

import io.causalstream.extractor.backend.model.ConceptSpan;
import java.util.List;

/**
 * One sentence the extractor is tuned on: its word pieces as the extractor's encoder tokenises them, the sentence
 * character each piece starts at, its candidate concepts with their pair labels (soft-measures sentences; null for a
 * sentence that teaches the claim detector only) and its claim label.
 *
 * @param ids         word piece ids, special tokens included
 * @param pieceStarts the sentence character each piece starts at, -1 for special or unaligned pieces
 * @param spans       candidate concepts (empty when {@code labels} is null)
 * @param labels      [cause][effect]: -1 ignore, 0 none, 1 increase, 2 decrease; or null
 * @param claim       1 asserts causation, 0 does not, -1 unknown (no claim loss)
 */
public record TuningSentence(String text, long[] ids, int[] pieceStarts, List<ConceptSpan> spans, int[][] labels,
                             int claim) {

    public TuningSentence {
        if (ids.length != pieceStarts.length) {
            throw new IllegalArgumentException("ids and piece starts differ in length");
        }
        spans = List.copyOf(spans);
    }

    public int length() {
        return ids.length;
    }

    /** Labelled pairs of this sentence as {cause, effect, label}, label 0..2. */
    public int positives() {
        int n = 0;
        if (labels != null) {
            for (int[] row : labels) {
                for (int l : row) {
                    if (l > 0) {
                        n++;
                    }
                }
            }
        }
        return n;
    }
}
