package io.causalstream.cesar;

import io.causalstream.encoder.PairModel;
import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CESAR causal strength CS(C -> E) of text pairs: the encoder reads {@code [CLS] C [SEP] E [SEP]} jointly, the
 * token-type ids split the output into C (type 0, [CLS] and [SEP] kept) and E (type 1, closing [SEP] kept), and
 * {@link CesarStrength} does the rest. A cause with supplementary information is written
 * {@link #concatenate C [SEP] A} (paper appendix G.4).
 *
 * <p>Thread-safe when the encoder is (the DJL encoder is). Batch calls ({@link #strengths}) are much faster than
 * one call per pair. When the encoder can take a head into its own graph ({@link TokenEncoder#withPairHead}: the DJL
 * encoder on ONNX Runtime), the whole head ({@link CesarGraph}) runs there, in the encoder's batches, and the token
 * embeddings never cross into Java; else the head's arithmetic ({@link CesarKernel}) runs on stacked pairs, spread
 * over the cores, after each chunk's encoding.
 */
public final class CesarScorer {

    private static final Logger LOG = LoggerFactory.getLogger(CesarScorer.class);

    /** The concatenation operator of appendix G.4. */
    public static String concatenate(String cause, String addition) {
        return cause + " [SEP] " + addition;
    }

    private final TokenEncoder encoder;
    private final CesarHead head;
    private final CesarKernel kernel;
    /** The encoder with the whole head in its graph, or null (then {@link #kernel} on the encoder's output). */
    private final PairModel fused;

    /** Pairs encoded per step, then scored by the head. */
    static final int CHUNK = 64;
    /** Pairs the kernel stacks into one matrix per task. */
    static final int HEAD_BATCH = 8;

    /** The head in the encoder's graph when the encoder can take it, else the kernel on the encoder's output. */
    public CesarScorer(TokenEncoder encoder, CesarHead head) {
        this(encoder, head, new CesarKernel(head), true);
    }

    /**
     * With a given kernel of {@code head} run on the encoder's output (never in the encoder's graph), e.g.
     * {@code new CesarKernel(head, false)} for the Java-loop products.
     */
    public CesarScorer(TokenEncoder encoder, CesarHead head, CesarKernel kernel) {
        this(encoder, head, kernel, false);
    }

    private CesarScorer(TokenEncoder encoder, CesarHead head, CesarKernel kernel, boolean fuse) {
        if (kernel.dimension() != head.dimension()) {
            throw new IllegalArgumentException("kernel and head differ in size");
        }
        if (encoder.dimension() != head.dimension()) {
            throw new IllegalArgumentException("CESAR head of size " + head.dimension() + " (trained on "
                    + head.encoder() + ") cannot read " + encoder.name() + " embeddings of size "
                    + encoder.dimension());
        }
        this.encoder = encoder;
        this.head = head;
        this.kernel = kernel;
        this.fused = fuse ? fuse(encoder, head) : null;
    }

    private static PairModel fuse(TokenEncoder encoder, CesarHead head) {
        try {
            return encoder.withPairHead(CesarGraph.of(head)).orElse(null);
        } catch (RuntimeException | LinkageError e) {
            LOG.warn("CESAR head not appended to encoder {} ({}); the head runs on its output", encoder.name(),
                    e.toString());
            return null;
        }
    }

    /** Whether the whole head runs inside the encoder's graph. */
    public boolean inEncoderGraph() {
        return fused != null;
    }

    public CesarHead head() {
        return head;
    }

    public TokenEncoder encoder() {
        return encoder;
    }

    public double strength(String cause, String effect) {
        return strengths(List.of(new TextPair(cause, effect)))[0];
    }

    /** CS of every (cause, effect) pair, in input order, encoded in batches. */
    public double[] strengths(List<TextPair> causeEffect) {
        int n = causeEffect.size();
        double[] out = new double[n];
        if (fused != null) {
            float[] s = fused.run(causeEffect);
            for (int i = 0; i < n; i++) {
                out[i] = s[i];
            }
            return out;
        }
        // sorted by length so each chunk's encoder batches carry little padding
        Integer[] order = new Integer[n];
        java.util.Arrays.setAll(order, i -> i);
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(
                i -> causeEffect.get(i).first().length() + causeEffect.get(i).second().length()));
        // one chunk encoded, then its head spread over the cores, then the next chunk: running the head beside the
        // encoder's own threads only made them compete for the cores (more CPU per edge, no gain on 2 cores)
        for (int from = 0; from < n; from += CHUNK) {
            int[] at = new int[Math.min(n, from + CHUNK) - from];
            List<TextPair> chunk = new java.util.ArrayList<>(at.length);
            for (int k = 0; k < at.length; k++) {
                at[k] = order[from + k];
                chunk.add(causeEffect.get(at[k]));
            }
            score(encoder.encodePairs(chunk), at, out);
        }
        return out;
    }

    /** The head over one encoded chunk, in stacks of {@link #HEAD_BATCH} pairs spread over the cores. */
    private void score(List<TokenEmbeddings> encoded, int[] at, double[] out) {
        java.util.stream.IntStream.range(0, (encoded.size() + HEAD_BATCH - 1) / HEAD_BATCH).parallel().forEach(b -> {
            int from = b * HEAD_BATCH;
            int to = Math.min(encoded.size(), from + HEAD_BATCH);
            List<float[][]> causes = new java.util.ArrayList<>(to - from);
            List<float[][]> effects = new java.util.ArrayList<>(to - from);
            for (int i = from; i < to; i++) {
                causes.add(encoded.get(i).segment(0));
                effects.add(encoded.get(i).segment(1));
            }
            double[] s = kernel.scores(causes, effects);
            for (int i = from; i < to; i++) {
                out[at[i]] = s[i - from];
            }
        });
    }

    /** The straightforward path kept as the reference: {@link CesarStrength} pair by pair (benchmarks, tests). */
    public double[] referenceStrengths(List<TextPair> causeEffect) {
        List<TokenEmbeddings> encoded = encoder.encodePairs(causeEffect);
        return java.util.stream.IntStream.range(0, encoded.size()).parallel()
                .mapToDouble(i -> CesarStrength.score(head, encoded.get(i).segment(0), encoded.get(i).segment(1)))
                .toArray();
    }

    /** The matrices M, A, S of one pair (paper Figure 6), with the tokens they are indexed by. */
    public Explanation explain(String cause, String effect) {
        TokenEmbeddings t = encoder.encodePairs(List.of(new TextPair(cause, effect))).getFirst();
        String[] causeTokens = tokens(t, 0);
        String[] effectTokens = tokens(t, 1);
        return new Explanation(causeTokens, effectTokens, CesarStrength.breakdown(head, t.segment(0), t.segment(1)));
    }

    /** Figure 6 of the paper for one pair: rows are cause tokens, columns effect tokens. */
    public record Explanation(String[] causeTokens, String[] effectTokens, CesarStrength.Breakdown breakdown) {
    }

    private static String[] tokens(TokenEmbeddings t, int type) {
        return java.util.stream.IntStream.range(0, t.length()).filter(i -> t.typeIds()[i] == type)
                .mapToObj(i -> t.tokens()[i]).toArray(String[]::new);
    }
}
