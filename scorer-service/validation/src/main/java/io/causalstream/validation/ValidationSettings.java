package io.causalstream.validation;

/**
 * Thresholds and switches of the staged edge validation. The services read the keys below and hand the result in.
 *
 * <table>
 *   <caption>Validation settings</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code validation.neural}</td><td>{@code VALIDATION_NEURAL}</td><td>true</td>
 *       <td>Load the models: the learned reader and (with {@code validation.strength}) CESAR; false runs the
 *       lexical stages only, with no model files.</td></tr>
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
 *   <tr><td>{@code validation.strength}</td><td>{@code VALIDATION_STRENGTH}</td><td>{@value #STRENGTH}</td>
 *       <td>Run the CESAR strength stage (with {@code validation.neural}).</td></tr>
 *   <tr><td>{@code validation.reader}</td><td>{@code VALIDATION_READER}</td><td>true</td>
 *       <td>Learned verification (with {@code validation.neural}): the tuned extractor model reads what the
 *       evidence sentences state about the two mentions (none / increase / decrease); its encoder also serves
 *       embedding grounding.</td></tr>
 *   <tr><td>{@code validation.reader.threshold}</td><td>{@code VALIDATION_READER_THRESHOLD}</td>
 *       <td>{@value #READER_THRESHOLD}</td><td>The share of a sentence's link (P(increase) + P(decrease)) that the edge's sign must
 *       have for the reading to verify the edge; a reading of the opposite sign at or above it contradicts the edge
 *       (chosen on the soft-measures val split and SemEval's choice fold).</td></tr>
 *   <tr><td>{@code validation.reader.edge.threshold}</td><td>{@code VALIDATION_READER_EDGE_THRESHOLD}</td>
 *       <td>0.7</td><td>P(increase) + P(decrease) a sentence's reading needs to read a link at all.</td></tr>
 *   <tr><td>{@code validation.reader.claim}</td><td>{@code VALIDATION_READER_CLAIM}</td><td>{@value #READER_CLAIM}</td>
 *       <td>A reading counts only in a sentence the model's claim detector says asserts causation.</td></tr>
 *   <tr><td>{@code validation.reader.lexicon}</td><td>{@code VALIDATION_READER_LEXICON}</td>
 *       <td>require</td><td>What the cue lexicon does beside the reader: {@code veto} (a reversed cue, a
 *       contradicting stated sign, a negation or a chain of two claims withholds VALIDATED), {@code require} (also a
 *       cue that runs source -> target with the edge's sign is needed), {@code off}.</td></tr>
 *   <tr><td>{@code validation.reader.model}</td><td>{@code VALIDATION_READER_MODEL}</td><td>(the shipped
 *       model)</td><td>A model file written by {@code extractor-tune}.</td></tr>
 *   <tr><td>{@code validation.reader.int8}</td><td>{@code VALIDATION_READER_INT8}</td><td>true</td>
 *       <td>Run the reader's encoder with int8 MatMul weights, as the extractor does by default.</td></tr>
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
                                 int verifierMajority,
                                 boolean strength,
                                 boolean reader,
                                 double readerThreshold,
                                 Double readerEdgeThreshold,
                                 boolean readerClaim,
                                 Lexicon readerLexicon,
                                 java.nio.file.Path readerModel,
                                 boolean readerInt8) {

    /** What the cue lexicon does beside the learned reader ({@code validation.reader.lexicon}). */
    public enum Lexicon {
        /** The lexicon only withholds: a reversed cue, a contradicting sign, a negation, a chain of two claims. */
        VETO,
        /** As today without the reader: a cue source -> target with the edge's sign is needed as well. */
        REQUIRE,
        /** The reader alone. */
        OFF;

        public static Lexicon parse(String value) {
            for (Lexicon l : values()) {
                if (l.name().equalsIgnoreCase(value.strip())) {
                    return l;
                }
            }
            throw new IllegalArgumentException("validation.reader.lexicon must be veto, require or off, got "
                    + value);
        }
    }

    public static final String PREFIX = "validation.";
    /** The verifier's votes, read by the scorer and by the WikiCausal tools alike. */
    public static final String VERIFICATION_TRIES = "validation.verification.tries";
    public static final String VERIFICATION_MAJORITY = "validation.verification.majority";

    public ValidationSettings {
        unit("validation.grounding.fuzzy.threshold", fuzzyThreshold);
        unit("validation.grounding.embedding.threshold", embeddingThreshold);
        unit("validation.normalisation.merge.threshold", mergeThreshold);
        unit("validation.strength.threshold", strengthThreshold);
        unit("validation.reader.threshold", readerThreshold);
        if (readerEdgeThreshold != null) {
            unit("validation.reader.edge.threshold", readerEdgeThreshold);
        }
        if (readerLexicon == null) {
            throw new IllegalArgumentException("validation.reader.lexicon must be set");
        }
        if (evidenceWindow < 1) {
            throw new IllegalArgumentException("validation.evidence.window must be >= 1, got " + evidenceWindow);
        }
        if (verifierTries < 1 || verifierMajority < 1 || verifierMajority > verifierTries) {
            throw new IllegalArgumentException("validation.verification: need 1 <= majority <= tries, got "
                    + verifierMajority + " of " + verifierTries);
        }
    }

    /** The settings before the learned reader, the reader's at their defaults. */
    public ValidationSettings(boolean neural, double fuzzyThreshold, boolean embeddingGrounding,
                              double embeddingThreshold, int embeddingMaxChars, double mergeThreshold,
                              boolean splitConjunctions, int evidenceWindow, double strengthThreshold,
                              boolean evidenceConditionedStrength, boolean transitivityCheck, int verifierTries,
                              int verifierMajority) {
        this(neural, fuzzyThreshold, embeddingGrounding, embeddingThreshold, embeddingMaxChars, mergeThreshold,
                splitConjunctions, evidenceWindow, strengthThreshold, evidenceConditionedStrength, transitivityCheck,
                verifierTries, verifierMajority, STRENGTH, true, READER_THRESHOLD, READER_EDGE_THRESHOLD, READER_CLAIM,
                READER_LEXICON, null, true);
    }

    /** Chosen on the choice sets: the soft-measures val split and SemEval's choice fold (docs/validation.md). */
    public static final double READER_THRESHOLD = 0.5;
    public static final Double READER_EDGE_THRESHOLD = 0.7;
    public static final boolean READER_CLAIM = false;
    public static final Lexicon READER_LEXICON = Lexicon.REQUIRE;
    /** CESAR: measured to add nothing to the sign (docs/validation.md), and most of the cost; opt in. */
    public static final boolean STRENGTH = false;

    /** Every setting at its default (the defaults of the table above). */
    public static ValidationSettings defaults() {
        return new ValidationSettings(true, 0.8, true, 0.5, 50_000, 0.9, true, 2, 0.45, true, true, 5, 3);
    }

    /** The stages before the learned reader: the cue lexicon decides the sign, CESAR runs with the models. */
    public ValidationSettings lexicalSign() {
        return new ValidationSettings(neural, fuzzyThreshold, embeddingGrounding, embeddingThreshold,
                embeddingMaxChars, mergeThreshold, splitConjunctions, evidenceWindow, strengthThreshold,
                evidenceConditionedStrength, transitivityCheck, verifierTries, verifierMajority, true, false,
                readerThreshold, readerEdgeThreshold, readerClaim, readerLexicon, readerModel, readerInt8);
    }

    public ValidationSettings withNeural(boolean on) {
        return new ValidationSettings(on, fuzzyThreshold, embeddingGrounding, embeddingThreshold,
                embeddingMaxChars, mergeThreshold, splitConjunctions, evidenceWindow, strengthThreshold,
                evidenceConditionedStrength, transitivityCheck, verifierTries, verifierMajority, strength, reader,
                readerThreshold, readerEdgeThreshold, readerClaim, readerLexicon, readerModel, readerInt8);
    }

    public ValidationSettings withStrength(boolean on) {
        return new ValidationSettings(neural, fuzzyThreshold, embeddingGrounding, embeddingThreshold,
                embeddingMaxChars, mergeThreshold, splitConjunctions, evidenceWindow, strengthThreshold,
                evidenceConditionedStrength, transitivityCheck, verifierTries, verifierMajority, on, reader,
                readerThreshold, readerEdgeThreshold, readerClaim, readerLexicon, readerModel, readerInt8);
    }

    /** The learned reader's settings. */
    public ValidationSettings withReader(boolean on, double threshold, Double edgeThreshold, boolean claim,
                                         Lexicon lexicon) {
        return new ValidationSettings(neural, fuzzyThreshold, embeddingGrounding, embeddingThreshold,
                embeddingMaxChars, mergeThreshold, splitConjunctions, evidenceWindow, strengthThreshold,
                evidenceConditionedStrength, transitivityCheck, verifierTries, verifierMajority, strength, on,
                threshold, edgeThreshold, claim, lexicon, readerModel, readerInt8);
    }

    public ValidationSettings withReaderModel(java.nio.file.Path model, boolean int8) {
        return new ValidationSettings(neural, fuzzyThreshold, embeddingGrounding, embeddingThreshold,
                embeddingMaxChars, mergeThreshold, splitConjunctions, evidenceWindow, strengthThreshold,
                evidenceConditionedStrength, transitivityCheck, verifierTries, verifierMajority, strength, reader,
                readerThreshold, readerEdgeThreshold, readerClaim, readerLexicon, model, int8);
    }

    /** Whether the models are loaded and the learned reader verifies. */
    public boolean readsWithModel() {
        return neural && reader;
    }

    private static void unit(String key, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(key + " must be in [0, 1], got " + value);
        }
    }
}
