package io.causalstream.extractor.backend.model;

import io.causalstream.schemas.graph.Direction;
import java.util.Optional;

/**
 * The sign the relation head reads for one ordered pair of a sentence it is given as text and character ranges: the
 * decoding asks it about a sentence it did not encode, the one with the change words taken out ({@link
 * ChangeWordMask}).
 */
@FunctionalInterface
public interface PairSignReader {

    /** INCREASE or DECREASE, the larger of the head's two, or empty when the ranges cover no word. */
    Optional<Direction> read(String sentence, int causeStart, int causeEnd, int effectStart, int effectEnd);
}
