package io.causalstream.encoder;

import java.util.Arrays;

/**
 * The last-hidden-layer embeddings of one encoded sequence, special tokens included ([CLS] first, [SEP] closing
 * each segment), padding removed.
 *
 * @param tokens     the word pieces, e.g. {@code [CLS] fire starts . [SEP] house burns . [SEP]}
 * @param typeIds    the segment of each token: 0 for the first text (and its [CLS]/[SEP]), 1 for the second text of
 *                   a pair (and its closing [SEP])
 * @param special    whether each token is a special token ([CLS], [SEP], ...)
 * @param vectors    one embedding per token, {@code vectors[i].length == dimension}
 */
public record TokenEmbeddings(String[] tokens, int[] typeIds, boolean[] special, float[][] vectors) {

    public TokenEmbeddings {
        if (tokens.length != typeIds.length || tokens.length != special.length || tokens.length != vectors.length) {
            throw new IllegalArgumentException("tokens, typeIds, special and vectors must have the same length");
        }
    }

    public int length() {
        return tokens.length;
    }

    public int dimension() {
        return vectors.length == 0 ? 0 : vectors[0].length;
    }

    /**
     * The sentence embedding of sentence-transformers' mean pooling: the average of every token vector under the
     * attention mask, special tokens included (that is what all-MiniLM-L6-v2 was trained with). Not normalised;
     * cosine does not need it.
     */
    public float[] meanPooled() {
        float[] mean = new float[dimension()];
        for (float[] v : vectors) {
            for (int k = 0; k < mean.length; k++) {
                mean[k] += v[k];
            }
        }
        for (int k = 0; k < mean.length; k++) {
            mean[k] /= vectors.length;
        }
        return mean;
    }

    /** The rows of segment {@code typeId} (0 = first text, 1 = second text), special tokens kept. */
    public float[][] segment(int typeId) {
        return Arrays.stream(indices(typeId, true)).mapToObj(i -> vectors[i]).toArray(float[][]::new);
    }

    /** The rows that are not special tokens (BERTScore's convention), in order. */
    public float[][] contentVectors() {
        return Arrays.stream(indices(-1, false)).mapToObj(i -> vectors[i]).toArray(float[][]::new);
    }

    private int[] indices(int typeId, boolean keepSpecial) {
        return java.util.stream.IntStream.range(0, tokens.length)
                .filter(i -> typeId < 0 || typeIds[i] == typeId)
                .filter(i -> keepSpecial || !special[i])
                .toArray();
    }
}
