package io.causalstream.measures;

/**
 * The paper's exact-match criterion: 1.0 when the two labels are equal after {@link NodeText#normalise}
 * (trimmed, lower-cased, whitespace collapsed), 0.0 otherwise. Case and spacing carry no causal meaning and
 * annotators (people and models alike) vary in both, so they are not counted as errors; punctuation, plurals and
 * word order are, as in the paper, left to the soft measures.
 *
 * <p>With threshold T = 1 and partial positives disallowed, the edge-set score reduces to classical F1.
 */
public final class ExactMatch implements NodeSimilarity {

    public static final String NAME = "exact";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double similarity(String predicted, String gold) {
        return NodeText.normalise(predicted).equals(NodeText.normalise(gold)) ? 1.0 : 0.0;
    }

    @Override
    public String toString() {
        return NAME;
    }
}
