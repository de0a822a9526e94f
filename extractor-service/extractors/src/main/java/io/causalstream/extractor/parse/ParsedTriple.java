package io.causalstream.extractor.parse;

import io.causalstream.schemas.graph.Direction;
import java.util.Objects;

/** One triplet read from model output: the subject is the cause (source), the object the effect (target). */
public record ParsedTriple(String source, String target, Direction direction) {

    public ParsedTriple {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(direction, "direction");
    }
}
