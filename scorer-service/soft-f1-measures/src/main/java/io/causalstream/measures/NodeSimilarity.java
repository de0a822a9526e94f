package io.causalstream.measures;

/**
 * A textual similarity S(a, b) between two node labels (paper section 3.3): the soft F1 of an edge set counts two
 * edges as matching when S is at or above a threshold T for both the source and the target.
 *
 * <p>Implementations must be thread-safe and return a value in [0, 1]; they may be asymmetric (the paper's BLEU
 * and METEOR are), so {@code a} is always the predicted label and {@code b} the gold one.
 */
public interface NodeSimilarity {

    /** Short stable name, used as {@code MeasureScore.measure} (e.g. exact, bleu, rouge1). */
    String name();

    /**
     * @param predicted a node label of the scored annotation
     * @param gold      a node label of the gold annotation
     * @return the similarity in [0, 1]
     */
    double similarity(String predicted, String gold);

    /**
     * Called with every label of both graphs before the pairwise {@link #similarity} calls of one scoring, so a
     * model-backed similarity can encode them in one batch instead of one call per label. Optional.
     */
    default void prepare(java.util.Collection<String> labels) {
    }
}
