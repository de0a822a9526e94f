package io.causalstream.cesar;

import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import java.util.List;

/**
 * CESAR causal strength CS(C -> E) of text pairs: the encoder reads {@code [CLS] C [SEP] E [SEP]} jointly, the
 * token-type ids split the output into C (type 0, [CLS] and [SEP] kept) and E (type 1, closing [SEP] kept), and
 * {@link CesarStrength} does the rest. A cause with supplementary information is written
 * {@link #concatenate C [SEP] A} (paper appendix G.4).
 *
 * <p>Thread-safe when the encoder is (the DJL encoder is). Batch calls ({@link #strengths}) are much faster than
 * one call per pair.
 */
public final class CesarScorer {

    /** The concatenation operator of appendix G.4. */
    public static String concatenate(String cause, String addition) {
        return cause + " [SEP] " + addition;
    }

    private final TokenEncoder encoder;
    private final CesarHead head;

    public CesarScorer(TokenEncoder encoder, CesarHead head) {
        if (encoder.dimension() != head.dimension()) {
            throw new IllegalArgumentException("CESAR head of size " + head.dimension() + " (trained on "
                    + head.encoder() + ") cannot read " + encoder.name() + " embeddings of size "
                    + encoder.dimension());
        }
        this.encoder = encoder;
        this.head = head;
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
        List<TokenEmbeddings> encoded = encoder.encodePairs(causeEffect);
        // the head's arithmetic is a pure function: spread a batch over the cores
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
