package io.causalstream.extractor.backend.model;

import java.util.List;

/**
 * The claim detector asked about words of a sentence read alone: the words from one mention of a pair to the other.
 * A sentence whose main clause states nothing causal can hold a claim in a clause inside it ("The largest landslide
 * <b>triggered by</b> the earthquake is located 30 km south of the town"): the detector, which reads the whole
 * sentence, refuses it, though the clause alone is a claim.
 */
@FunctionalInterface
public interface ClauseClaims {

    /**
     * P(claim) a clause read alone needs: more likely a claim than not. The sentence threshold is lower (0.2, chosen
     * for recall on whole sentences); a clause is asked about only in a sentence the detector refused, and on
     * SemEval's choice fold the sentence threshold there read one more false link than any of 0.5 to 0.9.
     */
    float THRESHOLD = 0.5f;

    /** Whether the words, encoded alone, assert causation. */
    boolean asserts(String words);

    /** The tuned model's claim detector over its encoder: one encoder pass per clause asked about. */
    static ClauseClaims of(TunedReader reader) {
        return words -> reader.claim(reader.encoder().encode(List.of(words)).getFirst()) >= THRESHOLD;
    }
}
