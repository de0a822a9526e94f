package io.causalstream.fcm.aggregate;

/**
 * Similarity of two normalised concept labels in [0, 1], for resolving concepts that normalised text alone keeps
 * apart ("rain" and "rainfall"). The core has none: a caller plugs one in (e.g. cosine of the bundled MiniLM
 * encoder's sentence vectors, cached per label). Called once per (new label, known concept) pair.
 */
@FunctionalInterface
public interface ConceptSimilarity {

    double similarity(String a, String b);

    /** Its name in the merge log ({@code similarity:<name>}). */
    default String name() {
        return getClass().getSimpleName();
    }

    /** No similarity: concepts are resolved by normalised text only. */
    ConceptSimilarity NONE = new ConceptSimilarity() {
        @Override
        public double similarity(String a, String b) {
            return 0;
        }

        @Override
        public String name() {
            return "none";
        }
    };
}
