package io.causalstream.research.extraction.tune;

import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.extractor.backend.model.SpanTagger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The arrays of one training step, built in plain Java: padded piece ids and masks for the encoder, and the pooling
 * rows that turn its token states into the relation head's features exactly as {@link SentenceFeatures} does at
 * inference (the mean of the pieces that start inside a concept, inside the gap between two concepts, and of every
 * piece of the sentence), so {@code pool . states} is the [cause, effect, between, sentence] block of every example
 * and gradients flow from the heads into the encoder.
 *
 * @param pairPool   [4 * examples][sentences * width]: per example the cause, effect, between and sentence rows
 *                   (examples first by kind: all cause rows, then all effect rows, ...)
 * @param scalars    [examples][SCALARS]
 * @param pairLabels per example 0 none, 1 increase, 2 decrease
 * @param claimPool  [claim examples][sentences * width]: the sentence mean of each sentence with a claim label
 * @param claimLabels 0 or 1 per claim example
 * @param tags        per tagger [sentences * width]: each piece's tag, -1 where there is none to learn
 */
public record TuningBatch(int sentences, int width, long[] ids, long[] mask, float[] pairPool, int examples,
                          float[] scalars, float[] pairLabels, float[] claimPool, int claimExamples,
                          float[] claimLabels, int[][] tags) {

    /**
     * The step of these sentences: every positive pair, at most {@code negatives} sampled negatives per sentence
     * (the sample drawn from {@code random}, so a seeded run draws the same), and every sentence's claim label.
     */
    public static TuningBatch of(List<TuningSentence> batch, int negatives, Random random) {
        int width = batch.stream().mapToInt(TuningSentence::length).max().orElse(0);
        int b = batch.size();
        long[] ids = new long[b * width];
        long[] mask = new long[b * width];
        List<int[]> examples = new ArrayList<>();
        List<Integer> claimRows = new ArrayList<>();
        int[][] tags = new int[SpanTagger.KINDS.size()][b * width];
        for (int[] row : tags) {
            java.util.Arrays.fill(row, -1);
        }
        for (int s = 0; s < b; s++) {
            TuningSentence t = batch.get(s);
            System.arraycopy(t.ids(), 0, ids, s * width, t.length());
            for (int k = 0; t.tags() != null && k < tags.length; k++) {
                if (t.tags()[k] != null) {
                    System.arraycopy(t.tags()[k], 0, tags[k], s * width, t.length());
                }
            }
            for (int p = 0; p < t.length(); p++) {
                mask[s * width + p] = 1;
            }
            if (t.claim() >= 0) {
                claimRows.add(s);
            }
            if (t.labels() == null) {
                continue;
            }
            List<int[]> none = new ArrayList<>();
            int[][] l = t.labels();
            for (int i = 0; i < l.length; i++) {
                for (int j = 0; j < l.length; j++) {
                    if (l[i][j] > 0) {
                        examples.add(new int[] {s, i, j, l[i][j]});
                    } else if (l[i][j] == 0) {
                        none.add(new int[] {s, i, j, 0});
                    }
                }
            }
            Collections.shuffle(none, random);
            examples.addAll(none.subList(0, Math.min(negatives, none.size())));
        }
        int e = examples.size();
        int columns = b * width;
        float[] pool = new float[4 * e * columns];
        float[] scalars = new float[e * SentenceFeatures.SCALARS];
        float[] labels = new float[e];
        for (int x = 0; x < e; x++) {
            int[] ex = examples.get(x);
            TuningSentence t = batch.get(ex[0]);
            ConceptSpan cause = t.spans().get(ex[1]);
            ConceptSpan effect = t.spans().get(ex[2]);
            int[] gap = SentenceFeatures.gap(cause, effect);
            mean(pool, x * columns, t, ex[0] * width, cause.start(), cause.end());
            mean(pool, (e + x) * columns, t, ex[0] * width, effect.start(), effect.end());
            mean(pool, (2 * e + x) * columns, t, ex[0] * width, gap[0], gap[1]);
            sentenceMean(pool, (3 * e + x) * columns, t, ex[0] * width);
            System.arraycopy(SentenceFeatures.scalars(cause, effect), 0, scalars, x * SentenceFeatures.SCALARS,
                    SentenceFeatures.SCALARS);
            labels[x] = ex[3];
        }
        float[] claimPool = new float[claimRows.size() * columns];
        float[] claimLabels = new float[claimRows.size()];
        for (int c = 0; c < claimRows.size(); c++) {
            int s = claimRows.get(c);
            sentenceMean(claimPool, c * columns, batch.get(s), s * width);
            claimLabels[c] = batch.get(s).claim();
        }
        return new TuningBatch(b, width, ids, mask, pool, e, scalars, labels, claimPool, claimRows.size(),
                claimLabels, tags);
    }

    /** As {@code SentenceFeatures.mean}: the pieces starting in [start, end), each weighted 1/n; none: zeros. */
    private static void mean(float[] pool, int row, TuningSentence t, int column, int start, int end) {
        int n = 0;
        for (int p = 0; p < t.length(); p++) {
            if (t.pieceStarts()[p] >= start && t.pieceStarts()[p] < end) {
                n++;
            }
        }
        for (int p = 0; p < t.length(); p++) {
            if (t.pieceStarts()[p] >= start && t.pieceStarts()[p] < end) {
                pool[row + column + p] = 1f / n;
            }
        }
    }

    /** As {@code TokenEmbeddings.meanPooled}: every piece of the sentence, special ones included. */
    private static void sentenceMean(float[] pool, int row, TuningSentence t, int column) {
        for (int p = 0; p < t.length(); p++) {
            pool[row + column + p] = 1f / t.length();
        }
    }
}
