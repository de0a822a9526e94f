package io.causalstream.extractor.backend.model;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A BIO tagger over the tuned encoder's word-piece vectors: a linear layer gives each piece a score per tag, a word
 * takes the scores of its first piece, and constrained decoding (Viterbi over the tags' log-probabilities where
 * {@code I-X} may only follow {@code B-X} or {@code I-X}) turns the words' scores into spans. It was trained with the
 * encoder; it reads the same vectors the relation head reads. Immutable and thread-safe.
 *
 * <p>The tag set is {@code O} then, per kind, {@code B-kind, I-kind} ({@link #tag}). The model has three taggers
 * ({@link #KINDS}): concept mentions; the cause and effect of a causal statement (the Causal News Corpus' ARG0 and
 * ARG1); its signal (the corpus' SIG: the cue words, which may lie inside a cause or an effect, hence a tagger of
 * their own).
 *
 * <p>File format: the magic {@value #MAGIC}, the kinds (count, names), d, w ([tags][d]) and b ([tags]).
 */
public final class SpanTagger {

    public static final String MAGIC = "causal-stream-span-tagger/1";

    /** The concept tagger's one kind. */
    public static final List<String> CONCEPT_KINDS = List.of("concept");

    /** The argument tagger's kinds, in the order of its tags. */
    public static final List<String> ARGUMENT_KINDS = List.of("cause", "effect");

    /** The signal tagger's one kind. */
    public static final List<String> SIGNAL_KINDS = List.of("signal");

    /** The kinds of the model's taggers, in the order the model file and the trainer keep them. */
    public static final List<List<String>> KINDS = List.of(CONCEPT_KINDS, ARGUMENT_KINDS, SIGNAL_KINDS);
    public static final int CONCEPTS = 0;
    public static final int ARGUMENTS = 1;
    public static final int SIGNALS = 2;

    private final List<String> kinds;
    private final int d;
    private final float[] w;
    private final float[] b;

    /** @param w [tags][d] row-major; @param b [tags]; tags = 1 + 2 * kinds */
    public SpanTagger(List<String> kinds, int d, float[] w, float[] b) {
        int tags = 1 + 2 * kinds.size();
        if (kinds.isEmpty() || d < 1 || w.length != tags * d || b.length != tags) {
            throw new IllegalArgumentException("span tagger of " + kinds + " needs w [" + tags + "][" + d + "] and b ["
                    + tags + "], got " + w.length + " and " + b.length);
        }
        this.kinds = List.copyOf(kinds);
        this.d = d;
        this.w = w.clone();
        this.b = b.clone();
    }

    public List<String> kinds() {
        return kinds;
    }

    public int tags() {
        return 1 + 2 * kinds.size();
    }

    public int dimension() {
        return d;
    }

    /** The tag index of {@code B-kind} ({@code begin}) or {@code I-kind}; 0 is {@code O}. */
    public static int tag(int kind, boolean begin) {
        return 1 + 2 * kind + (begin ? 0 : 1);
    }

    /** A decoded span: words {@code [from, to]} inclusive, of kind {@link #kinds()}{@code .get(kind)}. */
    public record Span(int kind, int from, int to) {
    }

    /**
     * The spans of a sentence whose words start at the given pieces.
     *
     * @param pieces         the encoder's vectors, one per word piece
     * @param firstPieceOfWord for each word, the index of its first piece, or -1 when the encoder cut it off (the word
     *                       then takes {@code O})
     */
    public List<Span> decode(float[][] pieces, int[] firstPieceOfWord) {
        return spans(viterbi(logProbabilities(pieces, firstPieceOfWord)));
    }

    /**
     * The spans of a sentence known to hold one of each kind (a sentence given as causal has a cause and an effect):
     * the best tag sequence under the BIO constraint that opens at least one span of every kind. Where the plain
     * best sequence already does, it is that sequence; a sentence with fewer words than kinds reads as {@link #decode}.
     */
    public List<Span> decodeEveryKind(float[][] pieces, int[] firstPieceOfWord) {
        return spans(viterbi(logProbabilities(pieces, firstPieceOfWord), kinds.size()));
    }

    private double[][] logProbabilities(float[][] pieces, int[] firstPieceOfWord) {
        int n = firstPieceOfWord.length;
        double[][] logp = new double[n][];
        for (int k = 0; k < n; k++) {
            int p = firstPieceOfWord[k];
            if (p < 0) {
                logp[k] = new double[tags()];
                java.util.Arrays.fill(logp[k], Double.NEGATIVE_INFINITY);
                logp[k][0] = 0;
            } else {
                logp[k] = logProbabilities(pieces[p]);
            }
        }
        return logp;
    }

    /**
     * For each word (characters {@code [start, end)} of the sentence), the first word piece that starts inside it, or
     * -1 when none does (the encoder cut the sentence off before it).
     */
    public static int[] firstPieces(int[] pieceStarts, int[][] words) {
        int[] out = new int[words.length];
        for (int k = 0; k < words.length; k++) {
            out[k] = -1;
            for (int p = 0; p < pieceStarts.length; p++) {
                if (pieceStarts[p] >= words[k][0] && pieceStarts[p] < words[k][1]) {
                    out[k] = p;
                    break;
                }
            }
        }
        return out;
    }

    /** log softmax of the tag scores of one piece vector. */
    public double[] logProbabilities(float[] v) {
        if (v.length != d) {
            throw new IllegalArgumentException("span tagger has d=" + d + ", vector " + v.length);
        }
        int t = tags();
        double[] z = new double[t];
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < t; c++) {
            double s = b[c];
            for (int k = 0; k < d; k++) {
                s += w[c * d + k] * v[k];
            }
            z[c] = s;
            max = Math.max(max, s);
        }
        double sum = 0;
        for (int c = 0; c < t; c++) {
            sum += Math.exp(z[c] - max);
        }
        double log = max + Math.log(sum);
        for (int c = 0; c < t; c++) {
            z[c] -= log;
        }
        return z;
    }

    /** Whether tag {@code next} may follow tag {@code previous} ({@code -1}: the sentence start). */
    static boolean allowed(int previous, int next) {
        if (next == 0 || (next - 1) % 2 == 0) {
            return true; // O and B-X may follow anything
        }
        int kind = (next - 1) / 2;
        return previous == tag(kind, true) || previous == tag(kind, false);
    }

    /** The best tag sequence under the BIO constraint. */
    static int[] viterbi(double[][] logp) {
        return viterbi(logp, 0);
    }

    /**
     * The best tag sequence under the BIO constraint among those that open a span of each of the first {@code kinds}
     * kinds (0: the plain best sequence): Viterbi over (tag, kinds opened so far), ending with all opened; where no
     * sequence opens them all (fewer words than kinds), the plain best sequence.
     */
    static int[] viterbi(double[][] logp, int kinds) {
        int n = logp.length;
        if (n == 0) {
            return new int[0];
        }
        int t = logp[0].length;
        int masks = 1 << kinds;
        double[][][] score = new double[n][t][masks];
        int[][][] back = new int[n][t][masks];
        for (double[][] row : score) {
            for (double[] cell : row) {
                java.util.Arrays.fill(cell, Double.NEGATIVE_INFINITY);
            }
        }
        for (int c = 0; c < t; c++) {
            if (allowed(-1, c)) {
                score[0][c][opened(0, c, kinds)] = logp[0][c];
            }
        }
        double[] best = new double[masks];
        for (int k = 1; k < n; k++) {
            for (int c = 0; c < t; c++) {
                java.util.Arrays.fill(best, Double.NEGATIVE_INFINITY);
                for (int m = 0; m < masks; m++) {
                    int next = opened(m, c, kinds);
                    for (int p = 0; p < t; p++) {
                        if (allowed(p, c) && score[k - 1][p][m] > best[next]) {
                            best[next] = score[k - 1][p][m];
                            back[k][c][next] = p * masks + m;
                        }
                    }
                }
                for (int m = 0; m < masks; m++) {
                    score[k][c][m] = best[m] + logp[k][c];
                }
            }
        }
        int all = masks - 1;
        int last = 0;
        for (int c = 1; c < t; c++) {
            if (score[n - 1][c][all] > score[n - 1][last][all]) {
                last = c;
            }
        }
        if (kinds > 0 && score[n - 1][last][all] == Double.NEGATIVE_INFINITY) {
            return viterbi(logp, 0);
        }
        int[] path = new int[n];
        path[n - 1] = last;
        int mask = all;
        for (int k = n - 1; k > 0; k--) {
            int from = back[k][path[k]][mask];
            path[k - 1] = from / masks;
            mask = from % masks;
        }
        return path;
    }

    /** The kinds opened (of the first {@code kinds}) once tag {@code c} follows those of {@code mask}. */
    private static int opened(int mask, int c, int kinds) {
        int kind = (c - 1) / 2;
        return c != 0 && (c - 1) % 2 == 0 && kind < kinds ? mask | 1 << kind : mask;
    }

    /** The spans of a BIO tag sequence (every B-X opens one; I-X continues it). */
    static List<Span> spans(int[] path) {
        List<Span> out = new ArrayList<>();
        int k = 0;
        while (k < path.length) {
            int tag = path[k];
            if (tag == 0) {
                k++;
                continue;
            }
            int kind = (tag - 1) / 2;
            int end = k;
            while (end + 1 < path.length && path[end + 1] == tag(kind, false)) {
                end++;
            }
            out.add(new Span(kind, k, end));
            k = end + 1;
        }
        return out;
    }

    public void write(OutputStream out) throws IOException {
        DataOutputStream data = new DataOutputStream(out);
        data.writeUTF(MAGIC);
        data.writeInt(kinds.size());
        for (String k : kinds) {
            data.writeUTF(k);
        }
        data.writeInt(d);
        for (float x : w) {
            data.writeFloat(x);
        }
        for (float x : b) {
            data.writeFloat(x);
        }
        data.flush();
    }

    public static SpanTagger read(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        String magic = data.readUTF();
        if (!MAGIC.equals(magic)) {
            throw new IOException("not a span tagger (" + magic + ")");
        }
        int n = data.readInt();
        if (n < 1 || n > 64) {
            throw new IOException("span tagger with " + n + " kinds");
        }
        List<String> kinds = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            kinds.add(data.readUTF());
        }
        int d = data.readInt();
        int tags = 1 + 2 * n;
        if (d < 1 || d > 1 << 16) {
            throw new IOException("span tagger with d=" + d);
        }
        float[] w = new float[tags * d];
        for (int k = 0; k < w.length; k++) {
            w[k] = data.readFloat();
        }
        float[] b = new float[tags];
        for (int k = 0; k < tags; k++) {
            b[k] = data.readFloat();
        }
        return new SpanTagger(kinds, d, w, b);
    }
}
