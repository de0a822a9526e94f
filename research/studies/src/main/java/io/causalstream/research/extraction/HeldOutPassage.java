package io.causalstream.research.extraction;

import io.causalstream.measures.Edge;
import java.util.List;

/**
 * A passage of a held-out set and the causal triples it asserts (its gold; empty when it asserts none).
 *
 * @param id     unique within its file
 * @param domain e.g. "energy"; empty when the file gives none
 * @param text   the passage
 * @param gold   its gold triples, each with a known direction
 */
public record HeldOutPassage(String id, String domain, String text, List<Edge> gold) {

    public HeldOutPassage {
        gold = List.copyOf(gold);
    }

    /** Whether the passage asserts no causal claim. */
    public boolean noClaim() {
        return gold.isEmpty();
    }
}
