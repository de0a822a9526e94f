package io.causalstream.validation;

import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.cesar.CesarScorer;
import io.causalstream.cesar.CesarSettings;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.model.TunedExtractorModel;
import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.validation.verify.CausalVerifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Staged validation of the edges of one extraction against its passage, after EmpiriGraph's edge-validation step
 * and the soft-measures rater guidelines:
 * <ol>
 *   <li><b>grounding</b> — both ends found in the passage (exact, stemmed, fuzzy, embedding);</li>
 *   <li><b>normalisation</b> — "A and B" split, near-duplicate nodes merged, exact duplicates dropped;</li>
 *   <li><b>evidence</b> — the sentence(s) that name both ends;</li>
 *   <li><b>strength</b> — CESAR on (evidence-conditioned) source -> target, against a threshold;</li>
 *   <li><b>verification</b> — with the learned reader ({@link PairReader}, the tuned extractor model): what each
 *       sentence that names both ends states about the pair (none / increase / decrease), which must be the
 *       edge's sign above {@code validation.reader.threshold}, with no sentence stating the opposite; the cue
 *       lexicon beside it ({@code validation.reader.lexicon}); without the reader, the evidence's cue runs source
 *       -> target and its polarity word agrees. Then: not implied only by transitivity; and, with an LLM backend,
 *       "Could {cause} result in {effect}?" (5 asks, majority 3).</li>
 * </ol>
 * Outcome: REJECTED when normalisation drops the edge, the evidence contradicts it (reversed cue, or the LLM says
 * no without an explicit cue), or an end is not in the passage and the strength does not vouch for it; VALIDATED
 * when every stage that ran passed; HYPOTHESIZED otherwise.
 *
 * <p>Thread-safe when its encoder, reader, strength model and verifier are (the bundled ones are): each call keeps
 * its state on the stack, apart from caches that only ever return what the same computation would: a passage's
 * sentences, their embeddings, its label groundings and the reader's readings (the next extraction of the passage
 * reuses them), label embeddings, and (when built by {@link #open} or {@link #keepingStrengths}) CESAR strengths by
 * (cause, effect) text. {@link #validateAll} validates many extractions with one batched strength call.
 */
public final class EdgeValidation implements AutoCloseable {

    private final ValidationSettings settings;
    /** Encodes the sentences and labels for embedding grounding (the reader's encoder when it reads), or null. */
    private final TokenEncoder encoder;
    /** The learned verification, or null: the cue lexicon decides the sign. */
    private final PairReader reader;
    private final List<AutoCloseable> owned;
    private final Lru<String, PassageText> passages = new Lru<>(PASSAGES_KEPT);
    private final LabelVectors labelVectors;
    private final EdgeStrengths strengths;
    private final EdgeVerification verification;

    /** Passages whose sentences, embeddings and groundings are kept (a few MB each at most). */
    static final int PASSAGES_KEPT = 64;

    /**
     * A validation that asks {@code strength} for every batch (no strength kept between calls: a stand-in need
     * not be a pure function); {@link #keepingStrengths} for CESAR. The cue lexicon decides the sign.
     *
     * @param encoder  for embedding grounding, or null
     * @param strength for the strength stage, or null to skip it
     * @param verifier the LLM check, {@link CausalVerifier#NONE} without a backend
     */
    public EdgeValidation(ValidationSettings settings, TokenEncoder encoder, StrengthModel strength,
                          CausalVerifier verifier) {
        this(settings, new Models(encoder, strength, verifier, null), List.of(), false);
    }

    /**
     * Like the constructor, keeping each (cause, effect) strength for the next extraction that asks it again: for a
     * strength model that is a pure function of the two texts, as CESAR is ({@link #open} does this).
     */
    public static EdgeValidation keepingStrengths(ValidationSettings settings, TokenEncoder encoder,
                                                  StrengthModel strength, CausalVerifier verifier) {
        return new EdgeValidation(settings, new Models(encoder, strength, verifier, null), List.of(), true);
    }

    /**
     * A validation whose verification stage reads with {@code reader}, whose encoder also serves embedding
     * grounding; the caller keeps the reader. Strengths are kept between calls when {@code keepStrengths} (a pure
     * strength model, as CESAR is).
     */
    public static EdgeValidation reading(ValidationSettings settings, PairReader reader, StrengthModel strength,
                                         CausalVerifier verifier, boolean keepStrengths) {
        return new EdgeValidation(settings, new Models(reader.encoder(), strength, verifier, reader), List.of(),
                keepStrengths);
    }

    /**
     * The models the stages ask, each of them possibly absent.
     *
     * @param encoder  for embedding grounding, or null
     * @param strength for the strength stage, or null
     * @param verifier the LLM check, or null for none
     * @param reader   the learned verification, or null: the cue lexicon decides the sign
     */
    private record Models(TokenEncoder encoder, StrengthModel strength, CausalVerifier verifier, PairReader reader) {
    }

    /**
     * @param owned         what {@link #close()} closes
     * @param keepStrengths keep each (cause, effect) strength for the next extraction (a pure strength model)
     */
    private EdgeValidation(ValidationSettings settings, Models models, List<AutoCloseable> owned,
                           boolean keepStrengths) {
        this.settings = settings;
        this.encoder = models.encoder();
        this.reader = models.reader();
        this.owned = owned;
        this.labelVectors = encoder == null ? null : new LabelVectors(encoder);
        this.strengths = new EdgeStrengths(settings, models.strength(), keepStrengths);
        this.verification = new EdgeVerification(settings, reader,
                models.verifier() == null ? CausalVerifier.NONE : models.verifier());
    }

    /**
     * Builds the validation: unless {@code settings.neural()} is off, the models the settings ask for are loaded
     * once and closed by {@link #close()}: the learned reader (its encoder grounds by embedding too) and CESAR.
     */
    public static EdgeValidation open(ValidationSettings settings, CesarSettings cesarSettings,
                                      CausalVerifier verifier) {
        if (!settings.neural()) {
            return new EdgeValidation(settings, new Models(null, null, verifier, null), List.of(), true);
        }
        List<AutoCloseable> owned = new ArrayList<>();
        PairReader reader = settings.reader() ? openReader(settings, cesarSettings.encoder()) : null;
        if (reader != null) {
            owned.add(reader);
        }
        StrengthModel strengths = null;
        TokenEncoder grounding = reader == null ? null : reader.encoder();
        if (settings.strength()) {
            CesarScorer cesar = cesarSettings.open();
            owned.add(cesar.encoder());
            strengths = cesar::strengths;
            grounding = grounding == null ? cesar.encoder() : grounding;
        }
        return new EdgeValidation(settings, new Models(grounding, strengths, verifier, reader), owned, true);
    }

    /**
     * Like {@link #open(ValidationSettings, CesarSettings, CausalVerifier)}, with encoders the caller shares and
     * closes (taken only when {@code validation.neural} is on): grounding on {@code encoder} (on the reader's
     * encoder when the reader reads), the strength stage on {@code cesarEncoder}, the one the CESAR head was trained
     * on (it may be the same). The reader, opened with {@code readerLimits}' token limit, threads and cache
     * directory, is closed by {@link #close()}.
     */
    public static EdgeValidation open(ValidationSettings settings, CesarSettings cesarSettings,
                                      CausalVerifier verifier, Supplier<? extends TokenEncoder> encoder,
                                      Supplier<? extends TokenEncoder> cesarEncoder, EncoderSettings readerLimits) {
        if (!settings.neural()) {
            return new EdgeValidation(settings, new Models(null, null, verifier, null), List.of(), true);
        }
        PairReader reader = settings.reader() ? openReader(settings, readerLimits) : null;
        StrengthModel strengths = null;
        if (settings.strength()) {
            strengths = new CesarScorer(cesarEncoder.get(), cesarSettings.loadHead())::strengths;
        }
        TokenEncoder grounding = reader != null ? reader.encoder() : encoder.get();
        return new EdgeValidation(settings, new Models(grounding, strengths, verifier, reader),
                reader == null ? List.of() : List.of(reader), true);
    }

    /** {@link #open(ValidationSettings, CesarSettings, CausalVerifier)} without an LLM backend. */
    public static EdgeValidation open(ValidationSettings settings, CesarSettings cesarSettings) {
        return open(settings, cesarSettings, CausalVerifier.NONE);
    }

    /**
     * The tuned extractor model the settings name (the shipped one by default), over its tuned encoder with the
     * token limit, threads and cache directory of {@code limits}. An int8 encoder scales its activations per forward
     * pass, so it reads one sentence a pass (several passes at once) and a reading never depends on the sentences
     * encoded beside it.
     */
    public static PairReader openReader(ValidationSettings settings, EncoderSettings limits) {
        TunedExtractorModel model = settings.readerModel() == null ? TunedReader.shipped()
                : TunedReader.read(settings.readerModel());
        EncoderSettings tuned = limits;
        if (settings.readerInt8()) {
            tuned = tuned.withBatchSize(1);
            if (tuned.passes() == 1) {
                tuned = tuned.withPasses(Runtime.getRuntime().availableProcessors());
            }
        }
        return PairReader.of(TunedReader.open(model, tuned, settings.readerInt8()));
    }

    /** The learned reader, if the verification stage reads with one. */
    public java.util.Optional<PairReader> reader() {
        return java.util.Optional.ofNullable(reader);
    }

    public ValidationSettings settings() {
        return settings;
    }

    /** Validates every triple of one extraction against its passage text. */
    public ValidatedGraph validate(String passageText, List<Triple> triples) {
        return validateAll(List.of(new Extraction(passageText, triples))).getFirst();
    }

    /** One extraction to validate: the passage text and the extracted triples. */
    public record Extraction(String passageText, List<Triple> triples) {
    }

    /**
     * Validates many extractions (of one passage or of several); the same result as one {@link #validate} each,
     * with the strengths of all their edges computed in one batch.
     */
    public List<ValidatedGraph> validateAll(List<Extraction> extractions) {
        List<List<CheckedEdge>> all = new ArrayList<>();
        for (Extraction x : extractions) {
            all.add(check(x.passageText(), x.triples()));
        }
        double[] strengths = this.strengths.of(all.stream().flatMap(List::stream).toList());
        List<ValidatedGraph> out = new ArrayList<>();
        int at = 0;
        for (List<CheckedEdge> checked : all) {
            Map<String, Set<String>> successors = new HashMap<>();
            for (CheckedEdge c : checked) {
                if (c.edge().kept()) {
                    successors.computeIfAbsent(c.edge().source(), k -> new HashSet<>()).add(c.edge().target());
                }
            }
            List<ValidatedEdge> edges = new ArrayList<>();
            for (CheckedEdge c : checked) {
                edges.add(decide(c, strengths[at++], successors));
            }
            out.add(ValidatedGraph.of(OneSignPerPair.apply(edges)));
        }
        return out;
    }

    /** Stages 1-3, the cue reading and the learned reading of one extraction. */
    private List<CheckedEdge> check(String passageText, List<Triple> triples) {
        PassageText passage = passage(passageText);
        Grounding grounding = new Grounding(passage, settings, labelVectors);
        List<NormalisedEdge> normalised = new Normalisation(settings, grounding::best).normalise(triples);
        List<String> labels = new ArrayList<>();
        for (NormalisedEdge e : normalised) {
            if (e.kept()) {
                labels.add(e.source());
                labels.add(e.target());
            }
        }
        grounding.prefetch(labels);
        EvidenceFinder finder = new EvidenceFinder(passage, grounding, settings.evidenceWindow());

        List<CheckedEdge> checked = new ArrayList<>();
        for (NormalisedEdge e : normalised) {
            if (!e.kept()) {
                checked.add(new CheckedEdge(e, null, null, null, null, grounding, List.of()));
                continue;
            }
            Mention source = grounding.best(e.source());
            Mention target = grounding.best(e.target());
            Evidence evidence = finder.find(e.source(), e.target(), e.original());
            CueCheck.Result cue = null;
            if (evidence.locatesBothEnds()) {
                int start = passage.sentences().get(evidence.sentences().getFirst()).start();
                cue = CueCheck.check(passage.text(), evidence.source(), evidence.target(), start,
                        e.original().getDirection(), e.source(), e.target());
            }
            checked.add(new CheckedEdge(e, source, target, evidence, cue, grounding, List.of()));
        }
        return reader == null ? checked : EdgeReadings.read(reader, passage, checked);
    }

    /** The passage split and (lazily) embedded, shared by every extraction of it while it stays in the cache. */
    private PassageText passage(String passageText) {
        String text = passageText == null ? "" : passageText;
        PassageText passage = passages.get(text);
        if (passage == null) {
            // a very long passage would cost minutes of encoding inside one transaction: lexical grounding only then
            boolean embed = settings.embeddingGrounding() && passageText != null
                    && passageText.length() <= settings.embeddingMaxChars();
            // the reader encodes only the sentences it reads, whatever the passage's length
            passage = reader != null ? new PassageText(passageText, encoder, embed)
                    : new PassageText(passageText, embed ? encoder : null);
            passages.put(text, passage);
        }
        return passage;
    }

    private ValidatedEdge decide(CheckedEdge c, double strengthValue, Map<String, Set<String>> successors) {
        NormalisedEdge e = c.edge();
        Triple triple = Triple.newBuilder(e.original()).setSource(e.source()).setTarget(e.target()).build();
        List<Verdict> stages = new ArrayList<>();
        if (!e.kept()) {
            stages.add(new Verdict(Verdict.NORMALISATION, false, e.reason()));
            return new ValidatedEdge(e.originalIndex(), triple, null, ValidationState.REJECTED, stages, false);
        }
        boolean grounded = c.source().level().found() && c.target().level().found();
        stages.add(new Verdict(Verdict.GROUNDING, grounded, "source '" + e.source() + "' "
                + describe(c.source(), c.grounding(), e.source()) + "; target '" + e.target() + "' "
                + describe(c.target(), c.grounding(), e.target())));
        stages.add(new Verdict(Verdict.NORMALISATION, true, e.reason()));
        stages.add(evidenceVerdict(c));
        Double strengthOut = null;
        boolean strong = false;
        if (!Double.isNaN(strengthValue)) {
            strengthOut = strengthValue;
            strong = strengthValue >= settings.strengthThreshold();
            String pair = settings.evidenceConditionedStrength() && c.evidence().found()
                    ? "CS(source [SEP] evidence -> target)" : "CS(source -> target)";
            stages.add(new Verdict(Verdict.STRENGTH, strong, String.format("%s = %.3f %s %.2f", pair, strengthValue,
                    strong ? ">=" : "<", settings.strengthThreshold())));
        }
        EdgeVerification.Outcome v = verification.verify(c, successors);
        stages.add(new Verdict(Verdict.VERIFICATION, v.passed(), v.reason()));

        ValidationState state;
        if (v.contradicted() || (!grounded && !strong)) {
            state = ValidationState.REJECTED;
        } else if (stages.stream().allMatch(Verdict::passed)) {
            state = ValidationState.VALIDATED;
        } else {
            state = ValidationState.HYPOTHESIZED;
        }
        return new ValidatedEdge(e.originalIndex(), triple, strengthOut, state, stages, true);
    }

    private Verdict evidenceVerdict(CheckedEdge c) {
        if (!c.evidence().found()) {
            return new Verdict(Verdict.EVIDENCE, false, "no sentence"
                    + (settings.evidenceWindow() > 1 ? " (or " + settings.evidenceWindow() + " consecutive sentences)"
                    : "") + " names both ends");
        }
        String origin = c.evidence().fromSpans() ? "annotator's evidence, " : "";
        return new Verdict(Verdict.EVIDENCE, true, origin + c.evidence().where() + ": \"" + clip(c.evidence().text())
                + "\"");
    }

    private static String describe(Mention m, Grounding grounding, String label) {
        if (!m.level().found()) {
            String refusal = grounding.refusal(label);
            return refusal != null ? refusal : "not found in the passage";
        }
        String score = m.level() == GroundingLevel.FUZZY || m.level() == GroundingLevel.EMBEDDING
                ? String.format(" (%.2f)", m.score()) : "";
        return m.level().word() + score + " in sentence " + (m.sentence() + 1);
    }

    private static String clip(String s) {
        return s.length() <= 240 ? s : s.substring(0, 237) + "...";
    }

    @Override
    public void close() {
        for (AutoCloseable c : owned) {
            try {
                c.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot close the validation models", e);
            }
        }
    }
}
