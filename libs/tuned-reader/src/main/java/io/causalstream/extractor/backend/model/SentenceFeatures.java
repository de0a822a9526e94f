package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.TokenEmbeddings;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;

/**
 * A sentence's candidate concepts read through the frozen encoder: the word pieces' contextual vectors, each
 * placed at the sentence character it starts at, so a concept's vector is the mean of the pieces inside it and the
 * context of a pair is the mean of the pieces between its two concepts. The features of an ordered pair (cause
 * {@code i}, effect {@code j}) are {@code [span i, span j, between, sentence, scalars]} ({@link #dimension}): the
 * one layout the trainer and the extractor share.
 */
public final class SentenceFeatures {

    /** Scalars after the four vectors: cause first, gap, cause length, effect length, nothing between. */
    public static final int SCALARS = 5;

    private final ChunkedSentence sentence;
    private final List<ConceptSpan> spans;
    private final float[][] pieces;
    private final int[] pieceStarts;
    private final float[][] spanVectors;
    private final float[] sentenceVector;
    private final int d;

    public SentenceFeatures(ChunkedSentence sentence, List<ConceptSpan> spans, TokenEmbeddings embeddings) {
        this.sentence = sentence;
        this.spans = List.copyOf(spans);
        this.d = embeddings.dimension();
        this.pieces = embeddings.vectors();
        this.pieceStarts = align(sentence.text(), embeddings);
        this.sentenceVector = embeddings.meanPooled();
        this.spanVectors = new float[spans.size()][];
        for (int k = 0; k < spans.size(); k++) {
            spanVectors[k] = mean(spans.get(k).start(), spans.get(k).end());
        }
    }

    public static int dimension(int d) {
        return 4 * d + SCALARS;
    }

    public ChunkedSentence sentence() {
        return sentence;
    }

    public List<ConceptSpan> spans() {
        return spans;
    }

    public float[] spanVector(int k) {
        return spanVectors[k];
    }

    public float[] sentenceVector() {
        return sentenceVector;
    }

    public int encoderDimension() {
        return d;
    }

    /** Pieces aligned to a character (special tokens and pieces not found are -1). */
    int[] pieceStarts() {
        return pieceStarts;
    }

    float[][] pieces() {
        return pieces;
    }

    /** Whether the pair can be an edge: two different, non-overlapping concepts. */
    public boolean pairable(int i, int j) {
        return i != j && !spans.get(i).overlaps(spans.get(j));
    }

    /** The character range between two concepts: {@code [end of the first, start of the second)}. */
    int[] gap(int i, int j) {
        return gap(spans.get(i), spans.get(j));
    }

    /** The character range between two concepts: {@code [end of the first, start of the second)}. */
    public static int[] gap(ConceptSpan a, ConceptSpan b) {
        return a.start() < b.start() ? new int[] {a.end(), b.start()} : new int[] {b.end(), a.start()};
    }

    /** The pair's scalar features. */
    public float[] scalars(int i, int j) {
        return scalars(spans.get(i), spans.get(j));
    }

    /** The scalar features of the ordered pair (cause a, effect b): the trainer's and the extractor's one layout. */
    public static float[] scalars(ConceptSpan a, ConceptSpan b) {
        int firstTo = a.start() < b.start() ? a.to() : b.to();
        int secondFrom = a.start() < b.start() ? b.from() : a.from();
        int gapTokens = Math.max(0, secondFrom - firstTo - 1);
        return new float[] {a.start() < b.start() ? 1f : 0f, Math.min(gapTokens, 40) / 10f,
                Math.min(a.to() - a.from() + 1, 20) / 5f, Math.min(b.to() - b.from() + 1, 20) / 5f,
                gapTokens == 0 ? 1f : 0f};
    }

    /** Writes the features of the ordered pair (cause i, effect j) into {@code out} at {@code offset}. */
    public void write(int i, int j, float[] out, int offset) {
        System.arraycopy(spanVectors[i], 0, out, offset, d);
        System.arraycopy(spanVectors[j], 0, out, offset + d, d);
        int[] gap = gap(i, j);
        System.arraycopy(mean(gap[0], gap[1]), 0, out, offset + 2 * d, d);
        System.arraycopy(sentenceVector, 0, out, offset + 3 * d, d);
        System.arraycopy(scalars(i, j), 0, out, offset + 4 * d, SCALARS);
    }

    /** The mean vector of the pieces starting in {@code [start, end)}, zeros when there is none. */
    float[] mean(int start, int end) {
        float[] m = new float[d];
        int n = 0;
        for (int p = 0; p < pieces.length; p++) {
            if (pieceStarts[p] >= start && pieceStarts[p] < end) {
                float[] v = pieces[p];
                for (int k = 0; k < d; k++) {
                    m[k] += v[k];
                }
                n++;
            }
        }
        if (n > 1) {
            for (int k = 0; k < d; k++) {
                m[k] /= n;
            }
        }
        return m;
    }

    /**
     * The sentence character each word piece starts at: pieces of an uncased WordPiece vocabulary are matched in
     * order against the lower-cased, accent-stripped text; a piece not found within a few characters keeps -1.
     */
    static int[] align(String text, TokenEmbeddings e) {
        return characterStarts(text, e.tokens(), e.special());
    }

    /**
     * The sentence character each word piece starts at ({@link #align}), from the pieces and their special-token
     * flags alone: the trainer that tunes the encoder pools the same pieces before any vector exists.
     */
    public static int[] characterStarts(String text, String[] tokens, boolean[] special) {
        StringBuilder norm = new StringBuilder(text.length());
        int[] origin = new int[text.length() * 3 + 1];
        int n = 0;
        for (int c = 0; c < text.length(); c++) {
            String folded = Normalizer.normalize(String.valueOf(text.charAt(c)), Normalizer.Form.NFD)
                    .replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT);
            for (int k = 0; k < folded.length() && n < origin.length; k++) {
                norm.append(folded.charAt(k));
                origin[n++] = c;
            }
        }
        String s = norm.toString();
        int[] starts = new int[tokens.length];
        int at = 0;
        for (int p = 0; p < tokens.length; p++) {
            starts[p] = -1;
            if (special[p]) {
                continue;
            }
            String piece = tokens[p];
            boolean continuation = piece.startsWith("##");
            if (continuation) {
                piece = piece.substring(2);
            }
            if (piece.isEmpty() || piece.equals("[UNK]")) {
                continue;
            }
            while (!continuation && at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
            int found = s.startsWith(piece, at) ? at : s.indexOf(piece, at);
            if (found >= 0 && found - at <= 8) {
                starts[p] = origin[found];
                at = found + piece.length();
            }
        }
        return starts;
    }
}
