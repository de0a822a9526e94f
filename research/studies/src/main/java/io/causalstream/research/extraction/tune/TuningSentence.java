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
 * @param labels      [cause][effect]: -1 ignore, 0 none, 1 increase, 2 decrease, {@link #CAUSAL} causal with no sign
 *                    given (either sign is right: the Cause-Effect pairs of SemEval-2010 Task 8); or null
 * @param claim       1 asserts causation, 0 does not, -1 unknown (no claim loss)
 * @param tags        per tagger of {@code SpanTagger.KINDS}, per piece its tag, -1 for no tag loss; a tagger's row
 *                    null when the sentence teaches it nothing (the whole array null: no tagger)
 */
public record TuningSentence(String text, long[] ids, int[] pieceStarts, List<ConceptSpan> spans, int[][] labels,
                             int claim, int[][] tags) {

    /** The pair label of a causal pair whose sign the data does not give. */
    public static final int CAUSAL = 3;

    public TuningSentence {
        if (ids.length != pieceStarts.length) {
            throw new IllegalArgumentException("ids and piece starts differ in length");
        }
        if (tags != null) {
            for (int[] row : tags) {
                if (row != null && row.length != ids.length) {
                    throw new IllegalArgumentException("tags and ids differ in length");
                }
            }
        }
        spans = List.copyOf(spans);
    }

    /** A sentence without tags. */
    public TuningSentence(String text, long[] ids, int[] pieceStarts, List<ConceptSpan> spans, int[][] labels,
                          int claim) {
        this(text, ids, pieceStarts, spans, labels, claim, null);
    }

    public TuningSentence withTags(int[][] t) {
        return new TuningSentence(text, ids, pieceStarts, spans, labels, claim, t);
    }

    public TuningSentence withClaim(int c) {
        return new TuningSentence(text, ids, pieceStarts, spans, labels, c, tags);
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
