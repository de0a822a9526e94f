package io.causalstream.alignment;

import java.util.Objects;

/** One typed, directed edge between two node ids of a {@link TypedGraph}, with its validation state. */
public record TypedEdge(String source, String target, EdgeType type, Validation validation) {

    public TypedEdge {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(validation, "validation");
    }

    public boolean selfLoop() {
        return source.equals(target);
    }
}
