package io.causalstream.extractor.backend.model;

import io.causalstream.schemas.graph.Direction;
import java.util.List;
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

    /** The tuned model's relation head over its encoder: one encoder pass per sentence asked about. */
    static PairSignReader of(TunedReader reader) {
        return (text, cs, ce, es, ee) -> {
            TunedReader.PairReading r = reader.read(text, reader.encoder().encode(List.of(text)).getFirst(), cs, ce,
                    es, ee);
            return r == null ? Optional.empty() : Optional.of(r.forward().decrease() > r.forward().increase()
                    ? Direction.DECREASE : Direction.INCREASE);
        };
    }

    /** This reader, each answer kept for the same sentence and ranges (for a caller that asks again). */
    default PairSignReader remembering() {
        java.util.Map<List<Object>, Optional<Direction>> known = new java.util.concurrent.ConcurrentHashMap<>();
        return (text, cs, ce, es, ee) -> known.computeIfAbsent(List.of(text, cs, ce, es, ee),
                k -> read(text, cs, ce, es, ee));
    }
}
