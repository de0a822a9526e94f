package io.causalstream.measures;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.Objects;

/**
 * A causal edge as the measures see it: the textual attributes A = {source, target} and the non-textual attribute
 * N = {direction} of the paper's section 3.3. Evidence and confidence do not take part in scoring.
 *
 * @param direction INCREASE or DECREASE; {@code null} when the input's direction word was not recognised (see
 *                  {@link DirectionWords}): such an edge can still match on its nodes, but its direction agrees
 *                  with no other, so a node match is a partial positive, never a true positive
 */
public record Edge(String source, String target, Direction direction) {

    public Edge {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
    }

    public static Edge of(Triple triple) {
        return new Edge(triple.getSource(), triple.getTarget(), triple.getDirection());
    }

    /** Whether both directions are known and equal. */
    public boolean sameDirection(Edge other) {
        return direction != null && direction == other.direction;
    }
}
