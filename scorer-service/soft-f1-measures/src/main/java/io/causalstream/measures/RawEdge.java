package io.causalstream.measures;

import java.util.Objects;

/**
 * An edge exactly as an input file spells it: node strings untouched and the direction word as written
 * ({@code Increase}, {@code positive}, {@code +} ...). The reference-compatible mode compares these strings; the
 * paper-faithful measures take {@link #toEdge()}.
 */
public record RawEdge(String source, String target, String direction) {

    public RawEdge {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(direction, "direction");
    }

    /** The edge with its direction word normalised; an unknown word gives a null (unknown) direction. */
    public Edge toEdge() {
        return new Edge(source, target, DirectionWords.parse(direction).orElse(null));
    }
}
