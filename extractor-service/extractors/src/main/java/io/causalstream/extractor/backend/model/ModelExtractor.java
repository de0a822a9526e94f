package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.LineBreakRepair;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.NodeNames;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.extractor.backend.rules.RuleBasedExtractor;
import io.causalstream.text.cues.CueLexicon;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The trained embedded extractor ({@code extractor.backend=model}), in process and on CPU, no server: candidate
 * concepts from the noun-phrase chunks of each sentence, read through the frozen encoder the head names (the int8
 * all-MiniLM-L6-v2 for relation-head-v2; DJL + ONNX Runtime), and a relation head trained on the released
 * soft-measures train split (see MODEL_CARD.md beside the shipped head) that classifies every ordered pair of
 * concepts as none, increase or decrease. Each triple carries its evidence (the characters from the first concept to
 * the second) and its confidence P(edge); a claim found in several sentences is published once with every span and
 * its highest confidence. The rules add what the head did not read ({@link #withRulesWhereSilent}), and a concept
 * keeps one name in the passage ({@link NodeNames}). Thread-safe.
 */
public final class ModelExtractor implements Extractor {

    public static final String HEAD_NAME = "relation-head-v2";
    /** The frozen-encoder head shipped on the class path ({@code extractor.model.version=v2}). */
    public static final String HEAD_RESOURCE = "/io/causalstream/extractor/backend/model/" + HEAD_NAME + ".bin.gz";
    /** The fine-tuned model ({@code extractor.model.version=v3}): encoder delta, relation head, claim detector. */
    public static final String TUNED_NAME = TunedReader.SHIPPED_NAME;
    /** The file the tuned-reader library ships and reads ({@link TunedReader#shipped()}). */
    public static final String TUNED_RESOURCE = TunedReader.SHIPPED_RESOURCE;
    /** The certainty calibration fitted for the shipped tuned model ({@code extractor-calibrate}). */
    public static final String CALIBRATION_RESOURCE = "/io/causalstream/extractor/backend/model/" + TUNED_NAME
            + ".certainty.csv";
    /** The bundled fp32 encoder the tuned model's delta applies to. */
    public static final String TUNED_BASE = "all-minilm-l6-v2";

    private final ConceptReader reader;
    private final RelationHead head;
    /** The claim detector of a tuned model; null for the frozen-encoder head (every sentence may hold a claim). */
    private final ClaimHead claims;
    private final String modelName;
    /** Maps the raw certainty to P(right as a whole); null: the raw certainty is published. */
    private final CertaintyCalibration calibration;
    private final boolean ownsEncoder;
    /** The head's sign on a sentence without its change words; null for a v2 head. */
    private final PairSignReader bareSigns;
    /** The claim detector asked about a clause of a sentence it refused; null for a v2 head. */
    private final ClauseClaims clauses;
    /** For the sentences the head finds nothing in ({@link #withRulesWhereSilent}). */
    private final RuleBasedExtractor rules = new RuleBasedExtractor();

    public ModelExtractor(TokenEncoder encoder, RelationHead head) {
        this(new ConceptReader(encoder), head, null, null, false);
    }

    /** A tuned model's heads over its tuned encoder (the caller keeps the encoder), candidates from the chunks. */
    public ModelExtractor(TokenEncoder encoder, TunedExtractorModel model) {
        this(encoder, model, ModelSettings.DEFAULT_CANDIDATES);
    }

    /** The same with candidates from {@code candidates} (the model's concept tagger for its mentions). */
    public ModelExtractor(TokenEncoder encoder, TunedExtractorModel model, CandidateSource candidates) {
        this(reader(encoder, model, candidates), model.head(), model, null, false);
    }

    private static ConceptReader reader(TokenEncoder encoder, TunedExtractorModel model, CandidateSource candidates) {
        return new ConceptReader(encoder, model.tagger(SpanTagger.CONCEPTS).orElse(null), candidates);
    }

    /**
     * @param reader the concept reader, holding the encoder the head reads (closed with this when owned)
     * @param model  the tuned model whose head {@code head} is: its claim detector and name, and its reader of
     *               pairs of a sentence the extractor did not encode (the change words taken out:
     *               {@link TripleDecoding#readWithoutChangeWords}); null for a v2 head
     */
    private ModelExtractor(ConceptReader reader, RelationHead head, TunedExtractorModel model,
                           CertaintyCalibration calibration, boolean ownsEncoder) {
        TokenEncoder encoder = reader.encoder();
        if (encoder.dimension() != head.dimension()) {
            throw new IllegalArgumentException("the relation head was trained on " + head.encoder() + " (d="
                    + head.dimension() + "), the encoder " + encoder.name() + " has d=" + encoder.dimension());
        }
        this.reader = reader;
        this.head = head;
        this.claims = model == null ? null : model.claims();
        this.modelName = model == null ? HEAD_NAME : model.name();
        this.calibration = calibration;
        this.ownsEncoder = ownsEncoder;
        TunedReader tuned = model == null ? null : new TunedReader(encoder, model);
        this.bareSigns = tuned == null ? null : PairSignReader.of(tuned);
        this.clauses = tuned == null ? null : ClauseClaims.of(tuned);
    }

    /**
     * Loads the model the settings name: the fine-tuned model (its encoder delta merged into the bundled base graph,
     * run by ONNX Runtime) unless {@code extractor.model.version=v2} or a v2 head file is set.
     */
    public static ModelExtractor create(ModelSettings settings) {
        if (settings.head() != null || ModelSettings.V2.equals(settings.version())) {
            RelationHead head = settings.head() == null ? shippedHead() : readHead(settings.head());
            if (settings.threshold() != null) {
                head = head.withThreshold(settings.threshold());
            }
            TokenEncoder encoder = DjlTokenEncoder.open(encoderFor(head, settings.encoder()));
            return new ModelExtractor(new ConceptReader(encoder), head, null, null, true);
        }
        TunedExtractorModel model = settings.model() == null ? TunedReader.shipped()
                : TunedReader.read(settings.model());
        model = model.withThresholds(settings.threshold() != null ? settings.threshold() : model.head().threshold(),
                settings.claimThreshold() != null ? settings.claimThreshold() : model.claims().threshold());
        return open(model, settings.encoder(), settings.int8(),
                shippedCalibration(model, settings.int8()).orElse(null), settings.candidates());
    }

    /**
     * The calibration shipped beside the tuned model, when it was fitted for this model (same name and delta) on the
     * same encoder precision; otherwise empty, and the raw certainty is published.
     */
    static Optional<CertaintyCalibration> shippedCalibration(TunedExtractorModel model, boolean int8) {
        try (InputStream in = ModelExtractor.class.getResourceAsStream(CALIBRATION_RESOURCE)) {
            if (in == null) {
                return Optional.empty();
            }
            CertaintyCalibration c = CertaintyCalibration.read(in);
            return c.modelId().equals(calibrationId(model, int8)) ? Optional.of(c) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + CALIBRATION_RESOURCE, e);
        }
    }

    /** What a calibration names the model it was fitted for: name, delta id, encoder precision. */
    public static String calibrationId(TunedExtractorModel model, boolean int8) {
        return model.name() + " " + model.deltaId() + (int8 ? " int8" : " fp32");
    }

    /**
     * A tuned model over its encoder: the delta merged into the bundled base (written once into the encoder's cache
     * directory; with {@code int8} its MatMul weights quantized), run by ONNX Runtime with the encoder settings'
     * limits and threads. One passage is one encoder call, as in {@code extractor-tune}'s checks.
     */
    public static ModelExtractor open(TunedExtractorModel model, EncoderSettings encoder, boolean int8) {
        return open(model, encoder, int8, null);
    }

    /** The same, publishing the certainty through {@code calibration} (null: raw). */
    public static ModelExtractor open(TunedExtractorModel model, EncoderSettings encoder, boolean int8,
                                      CertaintyCalibration calibration) {
        return open(model, encoder, int8, calibration, ModelSettings.DEFAULT_CANDIDATES);
    }

    /** The same with candidates from {@code candidates}. */
    public static ModelExtractor open(TunedExtractorModel model, EncoderSettings encoder, boolean int8,
                                      CertaintyCalibration calibration, CandidateSource candidates) {
        TokenEncoder opened = DjlTokenEncoder.open(TunedReader.tunedEncoder(model, encoder, int8));
        return new ModelExtractor(reader(opened, model, candidates), model.head(), model, calibration, true);
    }

    /**
     * The encoder a head was trained on: a bundled MiniLM setting is turned into the bundled model the head names
     * (the full-precision all-MiniLM-L6-v2 or its int8 export), so a head never reads features of another model.
     */
    static EncoderSettings encoderFor(RelationHead head, EncoderSettings configured) {
        if (!configured.bundled() || configured.name().equals(head.encoder())) {
            return configured;
        }
        return new EncoderSettings(null, null, head.encoder(), configured.maxTokens(), configured.batchSize(),
                configured.threads(), configured.cacheDir());
    }

    /** The head shipped with this build. */
    public static RelationHead shippedHead() {
        try (InputStream in = ModelExtractor.class.getResourceAsStream(HEAD_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("relation head " + HEAD_RESOURCE + " is not on the class path");
            }
            return RelationHead.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + HEAD_RESOURCE, e);
        }
    }

    static RelationHead readHead(java.nio.file.Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return RelationHead.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read relation head " + file, e);
        }
    }

    public RelationHead head() {
        return head;
    }

    /** The claim detector, if the model has one. */
    public Optional<ClaimHead> claims() {
        return Optional.ofNullable(claims);
    }

    @Override
    public Annotator annotator() {
        // one name per model: the annotator is the model artifact's own name (extractor-v4, relation-head-v2)
        return Annotator.newBuilder().setId(modelName).setKind(AnnotatorKind.MODEL)
                .setModel(modelName + "+" + reader.encoder().name() + "+" + RuleBasedExtractor.MODEL)
                .setPromptFormat(null)
                .build();
    }

    @Override
    public ExtractionOutcome extract(Passage passage) {
        return LineBreakRepair.extract(passage, this::extractRepaired);
    }

    private ExtractionOutcome extractRepaired(Passage passage) {
        List<SentenceFeatures> sentences = reader.read(passage.getText());
        List<float[][][]> probabilities = sentences.stream().map(head::score).toList();
        List<Triple> read = TripleDecoding.triples(sentences, probabilities, head.threshold(), claims, bareSigns,
                clauses);
        return ExtractionOutcome.of(NodeNames.unified(passage.getText(),
                withRulesWhereSilent(passage, sentences, read)))
                .withCertainty(calibrated(certainty(sentences, probabilities, head.threshold(), claims)));
    }

    private double calibrated(double raw) {
        return calibration == null ? raw : calibration.apply(raw);
    }

    /** The calibration this extractor publishes its certainty through, if any. */
    public Optional<CertaintyCalibration> calibration() {
        return Optional.ofNullable(calibration);
    }

    /**
     * How sure the model is of the passage's extraction as a whole, before calibration: the probability it gave its
     * least sure decision (each sentence's claim or no claim, and in each sentence it read, each pair's edge or no
     * edge). One pair near the threshold, or a sentence the claim detector hesitates on, makes the whole passage
     * unsure: that is where an LLM's second reading is worth its cost ({@code extractor.backend=cascade}). 1 for a
     * passage with no sentence of two concepts. {@link CertaintyCalibration} turns it into a probability.
     */
    static double certainty(List<SentenceFeatures> sentences, List<float[][][]> probabilities, float threshold,
                            ClaimHead claimHead) {
        double least = 1;
        for (int k = 0; k < sentences.size(); k++) {
            if (claimHead != null) {
                float p = claimHead.probability(sentences.get(k).sentenceVector());
                boolean asserts = p >= claimHead.threshold();
                least = Math.min(least, asserts ? p : 1 - p);
                if (!asserts) {
                    continue;
                }
            }
            for (float[][] row : probabilities.get(k)) {
                for (float[] pair : row) {
                    if (pair != null) {
                        float edge = pair[RelationHead.INCREASE] + pair[RelationHead.DECREASE];
                        least = Math.min(least, edge >= threshold ? edge : 1 - edge);
                    }
                }
            }
        }
        return Math.max(0, Math.min(1, least));
    }

    /** Where this extractor's candidate concepts come from. */
    public CandidateSource source() {
        return reader.source();
    }

    /** The candidate concepts of each sentence of a text that can hold a pair, in order. */
    List<ConceptSpan> candidates(String text) {
        return reader.read(text).stream().flatMap(f -> f.spans().stream()).toList();
    }

    /** The head's triples alone, without the rules' ({@link #extract} adds them where the head is silent). */
    List<Triple> headOnly(String text) {
        List<SentenceFeatures> sentences = reader.read(text);
        return TripleDecoding.triples(sentences, sentences.stream().map(head::score).toList(), head.threshold(),
                claims, bareSigns, clauses);
    }

    /**
     * The head's triples, plus the rules' where the head read no claim: in a sentence the head found nothing in
     * ("Rising sea temperatures intensify tropical storms, and stronger storms damage coastal infrastructure" gave the
     * head nothing, the rules both edges), and where the rules connect a concept that lies outside every span the
     * head read ("Higher interest rates reduce household borrowing, which lowers consumer spending": the head read
     * the first clause only). Where the head read a claim its reading stands: there the rules' other triples cost
     * more precision than they add recall. Chosen on the validation split (docs/extractor-model.md).
     */
    List<Triple> withRulesWhereSilent(Passage passage, List<SentenceFeatures> sentences, List<Triple> model) {
        List<SentenceFeatures> refused = sentences.stream().filter(f -> TripleDecoding.refuses(claims, f)).toList();
        List<SentenceFeatures> silent = sentences.stream().filter(f -> !refused.contains(f) && model.stream()
                .noneMatch(t -> evidenceIn(t, f))).toList();
        if (silent.isEmpty() && !cueOutside(passage.getText(), model)) {
            return model; // the rules read claims off cues: with every cue inside the head's spans they add nothing
        }
        List<Triple> out = new ArrayList<>(model);
        // the rules' triples are distinct claims without a confidence: none equals one of the head's; a sentence the
        // claim detector refused gets none of them either
        for (Triple r : rules.extract(passage).triples()) {
            if (refused.stream().anyMatch(f -> evidenceIn(r, f))) {
                continue;
            }
            if (silent.stream().anyMatch(f -> evidenceIn(r, f)) || readsBeyond(r, passage.getText(), model)) {
                out.add(r);
            }
        }
        return out;
    }

    /** Whether a cue of the shared lexicon stands in the text outside every evidence span of the given triples. */
    static boolean cueOutside(String text, List<Triple> read) {
        return CueLexicon.DEFAULT.find(text).stream().anyMatch(m -> !insideSpanOf(read, m.start(), m.end()));
    }

    /**
     * Whether a triple (the rules': its evidence is the whole sentence) names a concept that lies, within its
     * evidence, outside every evidence span of the given triples. The rules' nodes are the text's own words (a change
     * word moved into the direction leaves the rest as written: "yields" of "lower yields"); a node not found in the
     * evidence counts as read.
     */
    static boolean readsBeyond(Triple triple, String text, List<Triple> read) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String node : List.of(triple.getSource(), triple.getTarget())) {
            String n = node.toLowerCase(Locale.ROOT);
            for (EvidenceSpan e : triple.getEvidence()) {
                int at = n.isEmpty() ? -1 : lower.indexOf(n, e.getStart());
                if (at >= 0 && at + n.length() <= e.getEnd() && !insideSpanOf(read, at, at + n.length())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the characters {@code [start, end)} lie inside one evidence span of the given triples. */
    private static boolean insideSpanOf(List<Triple> triples, int start, int end) {
        return triples.stream().flatMap(t -> t.getEvidence().stream())
                .anyMatch(x -> x.getStart() <= start && end <= x.getEnd());
    }

    /** Whether a triple's evidence starts in the sentence. */
    private static boolean evidenceIn(Triple t, SentenceFeatures f) {
        int start = f.sentence().start();
        int end = start + f.sentence().text().length();
        return t.getEvidence().stream().anyMatch(e -> e.getStart() >= start && e.getStart() < end);
    }

    @Override
    public void close() {
        if (ownsEncoder) {
            reader.encoder().close();
        }
    }
}
