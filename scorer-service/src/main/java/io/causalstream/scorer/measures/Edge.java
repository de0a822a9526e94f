package io.causalstream.scorer.measures;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.Objects;

/**
 * A causal edge as the measures see it: the textual attributes A = {source, target} and the non-textual attribute
 * N = {direction} of the paper's section 3.3. Evidence and confidence do not take part in scoring.
 */
public record Edge(String source, String target, Direction direction) {

    public Edge {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(direction, "direction");
    }

    public static Edge of(Triple triple) {
        return new Edge(triple.getSource(), triple.getTarget(), triple.getDirection());
    }
}
