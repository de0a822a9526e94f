package io.causalstream.validation;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.model.TunedReader;

/**
 * What a sentence states about two of its spans, read by a learned model from the sentence's token vectors: the
 * verification stage's reader. The sentence vectors come from {@link #encoder()}, the encoder embedding grounding
 * uses too, so a passage's sentences are encoded once for both.
 */
public interface PairReader extends AutoCloseable {

    /** The encoder whose vectors {@link #read} and {@link #claim} take. */
    TokenEncoder encoder();

    /** Names the model in verdicts and logs. */
    String name();

    /**
     * P(none / increase / decrease) for the ordered pair (cause, effect) and for its reverse; {@code [start, end)}
     * are characters of {@code sentence}, which {@code embeddings} encodes alone. Null when the two spans cannot be
     * read as a pair (they overlap).
     */
    TunedReader.PairReading read(String sentence, TokenEmbeddings embeddings, int causeStart, int causeEnd,
                                 int effectStart, int effectEnd);

    /** P(the sentence asserts causation). */
    double claim(TokenEmbeddings sentence);

    /** The claim probability a sentence needs to assert causation. */
    double claimThreshold();

    /** The P(link) the model's extractor needs to read an edge (chosen with the model). */
    double edgeThreshold();

    @Override
    default void close() {
    }

    /** The tuned extractor model's relation head and claim detector ({@link TunedReader}). */
    static PairReader of(TunedReader tuned) {
        return new PairReader() {
            @Override
            public TokenEncoder encoder() {
                return tuned.encoder();
            }

            @Override
            public String name() {
                return tuned.name();
            }

            @Override
            public TunedReader.PairReading read(String sentence, TokenEmbeddings embeddings, int causeStart,
                                                int causeEnd, int effectStart, int effectEnd) {
                return tuned.read(sentence, embeddings, causeStart, causeEnd, effectStart, effectEnd);
            }

            @Override
            public double claim(TokenEmbeddings sentence) {
                return tuned.claim(sentence);
            }

            @Override
            public double claimThreshold() {
                return tuned.claimThreshold();
            }

            @Override
            public double edgeThreshold() {
                return tuned.edgeThreshold();
            }

            @Override
            public void close() {
                tuned.close();
            }
        };
    }
}
