package io.causalstream.validation;

/**
 * Thresholds and switches of the staged edge validation. The services read the keys below and hand the result in.
 *
 * <table>
 *   <caption>Validation settings</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code validation.neural}</td><td>{@code VALIDATION_NEURAL}</td><td>true</td>
 *       <td>Load the encoder (embedding grounding) and CESAR (strength stage); false runs the lexical stages
 *       only, with no model files.</td></tr>
 *   <tr><td>{@code validation.grounding.fuzzy.threshold}</td><td>{@code VALIDATION_GROUNDING_FUZZY_THRESHOLD}</td>
 *       <td>0.8</td><td>Edit-distance ratio at or above which a label word matches a passage word.</td></tr>
 *   <tr><td>{@code validation.grounding.embedding}</td><td>{@code VALIDATION_GROUNDING_EMBEDDING}</td><td>true</td>
 *       <td>Try embedding grounding (needs the encoder) when no word-level match exists.</td></tr>
 *   <tr><td>{@code validation.grounding.embedding.threshold}</td>
 *       <td>{@code VALIDATION_GROUNDING_EMBEDDING_THRESHOLD}</td><td>0.5</td>
 *       <td>BERTScore recall of the label's tokens against a sentence's tokens needed to ground it (with
 *       all-MiniLM-L6-v2, paraphrases such as "car exhaust" / "vehicle emissions" score 0.5-0.8, unrelated labels
 *       below 0.3).</td></tr>
 *   <tr><td>{@code validation.grounding.embedding.max.chars}</td>
 *       <td>{@code VALIDATION_GROUNDING_EMBEDDING_MAX_CHARS}</td><td>50000</td>
 *       <td>Longer passages are grounded lexically only (encoding every sentence of a book-length text would hold
 *       up the stream).</td></tr>
 *   <tr><td>{@code validation.normalisation.merge.threshold}</td>
 *       <td>{@code VALIDATION_NORMALISATION_MERGE_THRESHOLD}</td><td>0.9</td>
 *       <td>Edit-distance ratio of two labels at or above which they are one node (same content stems always
 *       are).</td></tr>
 *   <tr><td>{@code validation.normalisation.split}</td><td>{@code VALIDATION_NORMALISATION_SPLIT}</td><td>true</td>
 *       <td>Split "A and B" nodes into distinct concepts (guideline 7).</td></tr>
 *   <tr><td>{@code validation.evidence.window}</td><td>{@code VALIDATION_EVIDENCE_WINDOW}</td><td>2</td>
 *       <td>Most consecutive sentences an evidence may span when no single sentence names both ends.</td></tr>
 *   <tr><td>{@code validation.strength.threshold}</td><td>{@code VALIDATION_STRENGTH_THRESHOLD}</td><td>0.45</td>
 *       <td>CESAR strength at or above which the strength stage passes.</td></tr>
 *   <tr><td>{@code validation.strength.evidence}</td><td>{@code VALIDATION_STRENGTH_EVIDENCE}</td><td>true</td>
 *       <td>Condition the strength on the evidence: CS(source [SEP] evidence -> target); else CS(source ->
 *       target).</td></tr>
 *   <tr><td>{@code validation.verification.transitivity}</td><td>{@code VALIDATION_VERIFICATION_TRANSITIVITY}</td>
 *       <td>true</td><td>Flag edges implied only by transitivity (guideline 4).</td></tr>
 *   <tr><td>{@code validation.verification.tries}</td><td>{@code VALIDATION_VERIFICATION_TRIES}</td><td>5</td>
 *       <td>Times the LLM is asked "Could {cause} result in {effect}?" (WikiCausal).</td></tr>
 *   <tr><td>{@code validation.verification.majority}</td><td>{@code VALIDATION_VERIFICATION_MAJORITY}</td>
 *       <td>3</td><td>"yes" answers needed for a yes.</td></tr>
 * </table>
 */
public record ValidationSettings(boolean neural,
                                 double fuzzyThreshold,
                                 boolean embeddingGrounding,
                                 double embeddingThreshold,
                                 int embeddingMaxChars,
                                 double mergeThreshold,
                                 boolean splitConjunctions,
                                 int evidenceWindow,
                                 double strengthThreshold,
                                 boolean evidenceConditionedStrength,
                                 boolean transitivityCheck,
                                 int verifierTries,
                                 int verifierMajority) {

    public static final String PREFIX = "validation.";
    /** The verifier's votes, read by the scorer and by the WikiCausal tools alike. */
    public static final String VERIFICATION_TRIES = "validation.verification.tries";
    public static final String VERIFICATION_MAJORITY = "validation.verification.majority";

    public ValidationSettings {
        unit("validation.grounding.fuzzy.threshold", fuzzyThreshold);
        unit("validation.grounding.embedding.threshold", embeddingThreshold);
        unit("validation.normalisation.merge.threshold", mergeThreshold);
        unit("validation.strength.threshold", strengthThreshold);
        if (evidenceWindow < 1) {
            throw new IllegalArgumentException("validation.evidence.window must be >= 1, got " + evidenceWindow);
        }
        if (verifierTries < 1 || verifierMajority < 1 || verifierMajority > verifierTries) {
            throw new IllegalArgumentException("validation.verification: need 1 <= majority <= tries, got "
                    + verifierMajority + " of " + verifierTries);
        }
    }

    /** Every setting at its default (the defaults of the table above). */
    public static ValidationSettings defaults() {
        return new ValidationSettings(true, 0.8, true, 0.5, 50_000, 0.9, true, 2, 0.45, true, true, 5, 3);
    }

    private static void unit(String key, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(key + " must be in [0, 1], got " + value);
        }
    }
}
