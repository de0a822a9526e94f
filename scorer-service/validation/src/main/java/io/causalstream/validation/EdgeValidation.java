package io.causalstream.validation;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.cesar.CesarScorer;
import io.causalstream.cesar.CesarSettings;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.model.TunedExtractorModel;
import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.validation.verify.CausalVerifier;
import io.causalstream.validation.verify.VerifierVerdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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
    private final StrengthModel strength;
    private final CausalVerifier verifier;
    /** The learned verification, or null: the cue lexicon decides the sign. */
    private final PairReader reader;
    private final List<AutoCloseable> owned;
    private final Lru<String, PassageText> passages = new Lru<>(PASSAGES_KEPT);
    private final LabelVectors labelVectors;
    /** Null when the strength model is not known to be pure. */
    private final Lru<TextPair, Double> strengthCache;

    /** Passages whose sentences, embeddings and groundings are kept (a few MB each at most). */
    static final int PASSAGES_KEPT = 64;
    static final int STRENGTHS_KEPT = 16384;

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
        this(settings, encoder, strength, verifier, null, List.of(), false);
    }

    /**
     * Like the constructor, keeping each (cause, effect) strength for the next extraction that asks it again: for a
     * strength model that is a pure function of the two texts, as CESAR is ({@link #open} does this).
     */
    public static EdgeValidation keepingStrengths(ValidationSettings settings, TokenEncoder encoder,
                                                  StrengthModel strength, CausalVerifier verifier) {
        return new EdgeValidation(settings, encoder, strength, verifier, null, List.of(), true);
    }

    /**
     * A validation whose verification stage reads with {@code reader}, whose encoder also serves embedding
     * grounding; the caller keeps the reader. Strengths are kept between calls when {@code keepStrengths} (a pure
     * strength model, as CESAR is).
     */
    public static EdgeValidation reading(ValidationSettings settings, PairReader reader, StrengthModel strength,
                                         CausalVerifier verifier, boolean keepStrengths) {
        return new EdgeValidation(settings, reader.encoder(), strength, verifier, reader, List.of(), keepStrengths);
    }

    private EdgeValidation(ValidationSettings settings, TokenEncoder encoder, StrengthModel strength,
                           CausalVerifier verifier, PairReader reader, List<AutoCloseable> owned,
                           boolean keepStrengths) {
        this.settings = settings;
        this.encoder = encoder;
        this.strength = strength;
        this.verifier = verifier == null ? CausalVerifier.NONE : verifier;
        this.reader = reader;
        this.owned = owned;
        this.labelVectors = encoder == null ? null : new LabelVectors(encoder);
        this.strengthCache = keepStrengths ? new Lru<>(STRENGTHS_KEPT) : null;
    }

    /**
     * Builds the validation: unless {@code settings.neural()} is off, the models the settings ask for are loaded
     * once and closed by {@link #close()}: the learned reader (its encoder grounds by embedding too) and CESAR.
     */
    public static EdgeValidation open(ValidationSettings settings, CesarSettings cesarSettings,
                                      CausalVerifier verifier) {
        if (!settings.neural()) {
            return new EdgeValidation(settings, null, null, verifier, null, List.of(), true);
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
        return new EdgeValidation(settings, grounding, strengths, verifier, reader, owned, true);
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
            return new EdgeValidation(settings, null, null, verifier, null, List.of(), true);
        }
        PairReader reader = settings.reader() ? openReader(settings, readerLimits) : null;
        StrengthModel strengths = null;
        if (settings.strength()) {
            strengths = new CesarScorer(cesarEncoder.get(), cesarSettings.loadHead())::strengths;
        }
        TokenEncoder grounding = reader != null ? reader.encoder() : encoder.get();
        return new EdgeValidation(settings, grounding, strengths, verifier, reader,
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
        List<List<Checked>> all = new ArrayList<>();
        for (Extraction x : extractions) {
            all.add(check(x.passageText(), x.triples()));
        }
        double[] strengths = strengths(all.stream().flatMap(List::stream).toList());
        List<ValidatedGraph> out = new ArrayList<>();
        int at = 0;
        for (List<Checked> checked : all) {
            Map<String, Set<String>> successors = new HashMap<>();
            for (Checked c : checked) {
                if (c.edge.kept()) {
                    successors.computeIfAbsent(c.edge.source(), k -> new HashSet<>()).add(c.edge.target());
                }
            }
            List<ValidatedEdge> edges = new ArrayList<>();
            for (Checked c : checked) {
                edges.add(decide(c, strengths[at++], successors));
            }
            out.add(ValidatedGraph.of(oneSignPerPair(edges)));
        }
        return out;
    }

    /**
     * An extraction that states both INCREASE and DECREASE for one pair contradicts itself: when both would be
     * VALIDATED (each found its own agreeing evidence, "X raises Y. In dry years X lowers Y."), neither is, as the
     * passage supports no single sign.
     */
    private static List<ValidatedEdge> oneSignPerPair(List<ValidatedEdge> edges) {
        Map<List<String>, Set<Direction>> validatedSigns = new HashMap<>();
        for (ValidatedEdge e : edges) {
            if (e.state() == ValidationState.VALIDATED) {
                validatedSigns.computeIfAbsent(pair(e), k -> new HashSet<>()).add(e.triple().getDirection());
            }
        }
        List<ValidatedEdge> out = new ArrayList<>(edges.size());
        for (ValidatedEdge e : edges) {
            if (e.state() == ValidationState.VALIDATED && validatedSigns.get(pair(e)).size() > 1) {
                Direction other = e.triple().getDirection() == Direction.INCREASE ? Direction.DECREASE
                        : Direction.INCREASE;
                List<Verdict> stages = new ArrayList<>();
                for (Verdict v : e.stages()) {
                    stages.add(v.stage().equals(Verdict.VERIFICATION) ? new Verdict(v.stage(), false, v.reason()
                            + "; the extraction also states " + other + " for this pair: opposite signs") : v);
                }
                out.add(new ValidatedEdge(e.originalIndex(), e.triple(), e.strength(), ValidationState.HYPOTHESIZED,
                        stages, e.kept()));
            } else {
                out.add(e);
            }
        }
        return out;
    }

    private static List<String> pair(ValidatedEdge e) {
        return List.of(e.triple().getSource(), e.triple().getTarget());
    }

    /** Stages 1-3, the cue reading and the learned reading of one extraction. */
    private List<Checked> check(String passageText, List<Triple> triples) {
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

        List<Checked> checked = new ArrayList<>();
        for (NormalisedEdge e : normalised) {
            if (!e.kept()) {
                checked.add(new Checked(e, null, null, null, null, grounding, List.of()));
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
            checked.add(new Checked(e, source, target, evidence, cue, grounding, List.of()));
        }
        return reader == null ? checked : read(passage, checked);
    }

    /**
     * The reader's reading of every kept edge in each sentence that names both its ends: the annotator's evidence
     * sentences when the triple gives them, else every sentence where both are grounded to words (an embedding
     * match names a whole sentence, no span to read). The sentences needed are encoded in one call.
     */
    private List<Checked> read(PassageText passage, List<Checked> checked) {
        List<List<Mention[]>> pairs = new ArrayList<>();
        java.util.Set<Integer> needed = new java.util.TreeSet<>();
        for (Checked c : checked) {
            List<Mention[]> inSentences = new ArrayList<>();
            if (c.edge.kept() && c.evidence.found()) {
                List<Integer> sentences = new ArrayList<>();
                if (c.evidence.fromSpans()) {
                    sentences.addAll(c.evidence.sentences());
                } else {
                    for (Mention m : c.grounding.mentions(c.edge.source())) {
                        sentences.add(m.sentence());
                    }
                }
                for (int k : sentences) {
                    Mention s = c.grounding.in(c.edge.source(), k);
                    Mention t = c.grounding.in(c.edge.target(), k);
                    if (spanned(s) && spanned(t) && (s.end() <= t.start() || t.end() <= s.start())) {
                        inSentences.add(new Mention[] {s, t});
                        needed.add(k);
                    }
                }
            }
            pairs.add(inSentences);
        }
        passage.encode(needed);
        List<Checked> out = new ArrayList<>(checked.size());
        for (int i = 0; i < checked.size(); i++) {
            Checked c = checked.get(i);
            List<Reading> readings = new ArrayList<>();
            for (Mention[] st : pairs.get(i)) {
                readings.add(reading(passage, st[0], st[1], c.edge.source(), c.edge.target()));
            }
            out.add(new Checked(c.edge, c.source, c.target, c.evidence, c.cue, c.grounding, readings));
        }
        return out;
    }

    private static boolean spanned(Mention m) {
        return m.level().found() && m.level() != GroundingLevel.EMBEDDING;
    }

    /** One sentence's reading of (source, target), kept with the passage. */
    private Reading reading(PassageText passage, Mention source, Mention target, String sourceLabel,
                            String targetLabel) {
        int k = source.sentence();
        int offset = passage.sentences().get(k).start();
        List<Integer> key = List.of(k, source.start(), source.end(), target.start(), target.end());
        TunedReader.PairReading p = passage.readings.computeIfAbsent(key, x -> java.util.Optional.ofNullable(
                reader.read(passage.sentences().get(k).text(), passage.embeddings(k), source.start() - offset,
                        source.end() - offset, target.start() - offset, target.end() - offset))).orElse(null);
        double claim = passage.claims.computeIfAbsent(k, x -> reader.claim(passage.embeddings(k)));
        String s = EndValence.negatedForm(sourceLabel, passage.text().substring(source.start(), source.end()));
        String t = EndValence.negatedForm(targetLabel, passage.text().substring(target.start(), target.end()));
        String flips = s != null && t != null ? null : s != null ? "'" + s + "' for '" + sourceLabel + "'"
                : t != null ? "'" + t + "' for '" + targetLabel + "'" : null;
        return new Reading(k, p, claim, flips);
    }

    /**
     * What the reader read in one sentence: {@code pair} null when the two mentions cannot be read as a pair;
     * {@code flips} names the mentions that negate their label ("'insecurity' for 'food security'"), null when none
     * or both do (two negations cancel).
     */
    private record Reading(int sentence, TunedReader.PairReading pair, double claim, String flips) {
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

    private double[] strengths(List<Checked> checked) {
        double[] out = new double[checked.size()];
        java.util.Arrays.fill(out, Double.NaN);
        if (strength == null) {
            return out;
        }
        // each distinct pair once: cached from an earlier call, or in one batch now
        Map<TextPair, List<Integer>> wanted = new java.util.LinkedHashMap<>();
        for (int i = 0; i < checked.size(); i++) {
            Checked c = checked.get(i);
            if (c.edge.kept()) {
                TextPair pair = new TextPair(causeText(c), c.edge.target());
                Double known = strengthCache == null ? null : strengthCache.get(pair);
                if (known != null) {
                    out[i] = known;
                } else {
                    wanted.computeIfAbsent(pair, k -> new ArrayList<>()).add(i);
                }
            }
        }
        if (!wanted.isEmpty()) {
            List<TextPair> pairs = new ArrayList<>(wanted.keySet());
            double[] values = strength.strengths(pairs);
            for (int k = 0; k < values.length; k++) {
                if (strengthCache != null) {
                    strengthCache.put(pairs.get(k), values[k]);
                }
                for (int i : wanted.get(pairs.get(k))) {
                    out[i] = values[k];
                }
            }
        }
        return out;
    }

    private String causeText(Checked c) {
        if (settings.evidenceConditionedStrength() && c.evidence.found()) {
            return CesarScorer.concatenate(c.edge.source(), c.evidence.text());
        }
        return c.edge.source();
    }

    private ValidatedEdge decide(Checked c, double strengthValue, Map<String, Set<String>> successors) {
        NormalisedEdge e = c.edge;
        Triple triple = Triple.newBuilder(e.original()).setSource(e.source()).setTarget(e.target()).build();
        List<Verdict> stages = new ArrayList<>();
        if (!e.kept()) {
            stages.add(new Verdict(Verdict.NORMALISATION, false, e.reason()));
            return new ValidatedEdge(e.originalIndex(), triple, null, ValidationState.REJECTED, stages, false);
        }
        boolean grounded = c.source.level().found() && c.target.level().found();
        stages.add(new Verdict(Verdict.GROUNDING, grounded, "source '" + e.source() + "' "
                + describe(c.source, c.grounding, e.source()) + "; target '" + e.target() + "' "
                + describe(c.target, c.grounding, e.target())));
        stages.add(new Verdict(Verdict.NORMALISATION, true, e.reason()));
        stages.add(evidenceVerdict(c));
        Double strengthOut = null;
        boolean strong = false;
        if (!Double.isNaN(strengthValue)) {
            strengthOut = strengthValue;
            strong = strengthValue >= settings.strengthThreshold();
            String pair = settings.evidenceConditionedStrength() && c.evidence.found()
                    ? "CS(source [SEP] evidence -> target)" : "CS(source -> target)";
            stages.add(new Verdict(Verdict.STRENGTH, strong, String.format("%s = %.3f %s %.2f", pair, strengthValue,
                    strong ? ">=" : "<", settings.strengthThreshold())));
        }
        Verification v = verify(c, successors);
        stages.add(new Verdict(Verdict.VERIFICATION, v.passed, v.reason));

        ValidationState state;
        if (v.contradicted || (!grounded && !strong)) {
            state = ValidationState.REJECTED;
        } else if (stages.stream().allMatch(Verdict::passed)) {
            state = ValidationState.VALIDATED;
        } else {
            state = ValidationState.HYPOTHESIZED;
        }
        return new ValidatedEdge(e.originalIndex(), triple, strengthOut, state, stages, true);
    }

    private Verdict evidenceVerdict(Checked c) {
        if (!c.evidence.found()) {
            return new Verdict(Verdict.EVIDENCE, false, "no sentence"
                    + (settings.evidenceWindow() > 1 ? " (or " + settings.evidenceWindow() + " consecutive sentences)"
                    : "") + " names both ends");
        }
        String origin = c.evidence.fromSpans() ? "annotator's evidence, " : "";
        return new Verdict(Verdict.EVIDENCE, true, origin + c.evidence.where() + ": \"" + clip(c.evidence.text())
                + "\"");
    }

    private record Verification(boolean passed, boolean contradicted, String reason) {
    }

    private Verification verify(Checked c, Map<String, Set<String>> successors) {
        if (reader != null) {
            return verifyByReading(c, successors);
        }
        List<String> reasons = new ArrayList<>();
        boolean supported = false;
        boolean contradicted = false;
        boolean weakened = false;
        CueCheck.Orientation orientation = c.cue == null ? CueCheck.Orientation.NONE : c.cue.orientation();
        switch (orientation) {
            case CONSISTENT -> {
                supported = true;
                reasons.add("cue '" + c.cue.cue() + "' runs source -> target");
            }
            case REVERSED -> {
                contradicted = true;
                reasons.add("cue '" + c.cue.cue() + "' runs target -> source: direction reversed");
            }
            case CHAIN -> {
                weakened = true;
                reasons.add("the evidence links them only through a middle concept (" + c.cue.cue()
                        + "): a chain of two claims, not a claim about this pair");
            }
            case NONE -> reasons.add(c.evidence.locatesBothEnds() ? "no causal cue in the evidence"
                    : "no evidence sentence to read a cue from");
        }
        Direction direction = c.edge.original().getDirection();
        if (c.cue != null && supported) {
            // the sign as well as the direction: a cue running the right way with the opposite sign is no support
            switch (c.cue.polarity()) {
                case AGREES -> reasons.add("'" + c.cue.polarityWord() + "' agrees with " + direction);
                case CONTRADICTS -> {
                    weakened = true;
                    reasons.add("'" + c.cue.polarityWord() + "' contradicts " + direction);
                }
                case NEGATED -> {
                    weakened = true;
                    reasons.add("the evidence states no link (" + c.cue.polarityWord() + ")");
                }
                case UNKNOWN -> {
                    weakened = true;
                    reasons.add("no sign readable in the evidence for " + direction);
                }
            }
        } else if (c.cue != null && c.cue.polarity() == CueCheck.Polarity.CONTRADICTS) {
            weakened = true;
            reasons.add("'" + c.cue.polarityWord() + "' contradicts " + direction);
        } else if (c.cue != null && c.cue.polarity() == CueCheck.Polarity.NEGATED) {
            weakened = true;
            reasons.add("the evidence states no link (" + c.cue.polarityWord() + ")");
        }
        if (settings.transitivityCheck()) {
            String via = transitiveVia(c, successors);
            if (via != null) {
                weakened = true;
                reasons.add("implied only by transitivity via '" + via + "' (guideline 4)");
            }
        }
        if (verifier.configured()) {
            VerifierVerdict answer = verifier.verify(c.edge.source(), c.edge.target());
            reasons.add(answer.reason());
            switch (answer.outcome()) {
                case YES -> supported = true;
                case NO -> {
                    if (orientation != CueCheck.Orientation.CONSISTENT) {
                        contradicted = true;
                    }
                    weakened = true;
                }
                // a configured check that could not run (the LLM server is down) leaves the edge unconfirmed:
                // HYPOTHESIZED at best, with the verdict saying why, never VALIDATED without it
                case ABSTAIN -> weakened = true;
            }
        } else if (!supported) {
            reasons.add("no LLM backend configured");
        }
        boolean passed = supported && !contradicted && !weakened;
        return new Verification(passed, contradicted, String.join("; ", reasons));
    }

    /**
     * The learned verification: the edge is verified when a sentence naming both ends reads a link source -> target
     * (P(increase) + P(decrease) at least the edge threshold) whose sign is the edge's (at least the sign threshold
     * of that link's probability) and no sentence reads the opposite sign so; the cue lexicon, transitivity and the
     * LLM may then withhold it (never supply it: a cue or an LLM's yes reads no sign the reader did not).
     */
    private Verification verifyByReading(Checked c, Map<String, Set<String>> successors) {
        List<String> reasons = new ArrayList<>();
        Direction direction = c.edge.original().getDirection();
        Direction other = flip(direction);
        double edgeThreshold = settings.readerEdgeThreshold() != null ? settings.readerEdgeThreshold()
                : reader.edgeThreshold();
        double signThreshold = settings.readerThreshold();
        Reading agreeing = null;
        Reading opposing = null;
        Reading best = null;
        List<String> refused = new ArrayList<>();
        for (Reading r : c.readings) {
            if (r.pair() == null) {
                continue;
            }
            if (settings.readerClaim() && r.claim() < reader.claimThreshold()) {
                refused.add(String.format(Locale.ROOT, "sentence %d asserts no causation (claim %.2f < %.2f)",
                        r.sentence() + 1, r.claim(), reader.claimThreshold()));
                continue;
            }
            double edge = r.pair().forward().edge();
            if (edge >= edgeThreshold && share(r, direction) >= signThreshold
                    && (agreeing == null || share(r, direction) > share(agreeing, direction))) {
                agreeing = r;
            }
            if (edge >= edgeThreshold && share(r, other) >= signThreshold
                    && (opposing == null || share(r, other) > share(opposing, other))) {
                opposing = r;
            }
            if (best == null || edge > best.pair().forward().edge()) {
                best = r;
            }
        }
        String who = "reader " + reader.name();
        boolean supported = agreeing != null && opposing == null;
        boolean weakened = !supported;
        boolean contradicted = false;
        if (agreeing != null && opposing != null) {
            reasons.add(String.format(Locale.ROOT, "%s reads %s in sentence %d and %s in sentence %d: the passage "
                    + "states both signs", who, read(agreeing, direction), agreeing.sentence() + 1,
                    read(opposing, other), opposing.sentence() + 1));
        } else if (agreeing != null) {
            reasons.add(String.format(Locale.ROOT, "%s reads %s source -> target in sentence %d: agrees", who,
                    read(agreeing, direction), agreeing.sentence() + 1));
        } else if (opposing != null) {
            reasons.add(String.format(Locale.ROOT, "%s reads %s where the edge states %s, sentence %d: opposite "
                    + "signs", who, read(opposing, other), direction, opposing.sentence() + 1));
        } else if (best != null) {
            TunedReader.Probabilities f = best.pair().forward();
            String reading = String.format(Locale.ROOT, "%s reads no one sign source -> target in sentence %d "
                    + "(none %.2f, %s %.2f, %s %.2f; a link needs %.2f, its sign %.2f of it)", who,
                    best.sentence() + 1, f.none(), direction, p(best, direction), other, p(best, other),
                    edgeThreshold, signThreshold);
            TunedReader.Probabilities r = best.pair().reverse();
            if (r.edge() >= edgeThreshold && r.edge() > f.edge()) {
                reading += String.format(Locale.ROOT, "; it reads a link target -> source (%.2f): direction "
                        + "reversed", r.edge());
            }
            if (best.flips() != null) {
                reading += "; read for " + best.flips();
            }
            reasons.add(reading);
        } else if (!refused.isEmpty()) {
            reasons.add(who + ": " + String.join(", ", refused));
        } else {
            reasons.add(who + ": " + (c.evidence.found() && c.evidence.sentences().size() > 1
                    ? "the ends are named in different sentences; it reads one sentence"
                    : c.evidence.found() ? "no sentence names both ends as words it can read"
                    : "no evidence sentence to read"));
        }
        if (agreeing != null && opposing == null && !refused.isEmpty()) {
            reasons.add(String.join(", ", refused));
        }
        CueCheck.Orientation orientation = c.cue == null ? CueCheck.Orientation.NONE : c.cue.orientation();
        ValidationSettings.Lexicon lexicon = settings.readerLexicon();
        if (lexicon != ValidationSettings.Lexicon.OFF && c.cue != null) {
            switch (orientation) {
                case REVERSED -> {
                    contradicted = true;
                    weakened = true;
                    reasons.add("cue '" + c.cue.cue() + "' runs target -> source: direction reversed");
                }
                case CHAIN -> {
                    weakened = true;
                    reasons.add("the evidence links them only through a middle concept (" + c.cue.cue()
                            + "): a chain of two claims, not a claim about this pair");
                }
                default -> {
                }
            }
            switch (c.cue.polarity()) {
                case CONTRADICTS -> {
                    weakened = true;
                    reasons.add("cue '" + c.cue.polarityWord() + "' contradicts " + direction);
                }
                case NEGATED -> {
                    weakened = true;
                    reasons.add("the evidence states no link (" + c.cue.polarityWord() + ")");
                }
                default -> {
                }
            }
        }
        if (lexicon == ValidationSettings.Lexicon.REQUIRE && !(orientation == CueCheck.Orientation.CONSISTENT
                && c.cue.polarity() == CueCheck.Polarity.AGREES)) {
            weakened = true;
            reasons.add(orientation == CueCheck.Orientation.NONE ? "no causal cue in the evidence"
                    : "no cue with the edge's sign");
        }
        if (settings.transitivityCheck()) {
            String via = transitiveVia(c, successors, supported);
            if (via != null) {
                weakened = true;
                reasons.add("implied only by transitivity via '" + via + "' (guideline 4)");
            }
        }
        if (verifier.configured()) {
            VerifierVerdict answer = verifier.verify(c.edge.source(), c.edge.target());
            reasons.add(answer.reason());
            switch (answer.outcome()) {
                case YES -> {
                }
                case NO -> {
                    if (!supported && orientation != CueCheck.Orientation.CONSISTENT) {
                        contradicted = true;
                    }
                    weakened = true;
                }
                case ABSTAIN -> weakened = true;
            }
        }
        return new Verification(supported && !weakened && !contradicted, contradicted, String.join("; ", reasons));
    }

    /**
     * P(sign) of the reading source -> target, for the edge's labels: where a mention negates its label's word
     * ("food insecurity" for the label "food security") the reader read the opposite concept, so its signs swap.
     */
    private static double p(Reading r, Direction sign) {
        Direction read = r.flips() != null ? flip(sign) : sign;
        return read == Direction.INCREASE ? r.pair().forward().increase() : r.pair().forward().decrease();
    }

    /** The share of the reading's link that has {@code sign}. */
    private static double share(Reading r, Direction sign) {
        double edge = r.pair().forward().edge();
        return edge <= 0 ? 0 : p(r, sign) / edge;
    }

    private static String read(Reading r, Direction sign) {
        return String.format(Locale.ROOT, "%s (P(link) %.2f, %.2f of it %s)%s", sign, r.pair().forward().edge(),
                share(r, sign), sign, r.flips() == null ? "" : ", read for " + r.flips());
    }

    private static Direction flip(Direction d) {
        return d == Direction.INCREASE ? Direction.DECREASE : Direction.INCREASE;
    }

    /**
     * A node B with source -> B and B -> target in the graph, unless the evidence states source -> target on its
     * own: a consistent cue in one sentence with no such B written between the two mentions (when B sits between
     * them, the cue there belongs to source -> B or B -> target). Null when not implied by transitivity.
     */
    private String transitiveVia(Checked c, Map<String, Set<String>> successors) {
        return transitiveVia(c, successors, false);
    }

    /** @param read whether the reader read the pair's sign in a sentence (an explicit statement, as a cue is) */
    private String transitiveVia(Checked c, Map<String, Set<String>> successors, boolean read) {
        String source = c.edge.source();
        String target = c.edge.target();
        boolean explicit = (read || c.cue != null && c.cue.orientation() == CueCheck.Orientation.CONSISTENT)
                && c.evidence.sentences().size() == 1;
        for (String middle : successors.getOrDefault(source, Set.of())) {
            if (middle.equals(target) || !successors.getOrDefault(middle, Set.of()).contains(target)) {
                continue;
            }
            if (!explicit || between(c, middle)) {
                return middle;
            }
        }
        return null;
    }

    private boolean between(Checked c, String middle) {
        int from = Math.min(c.evidence.source().end(), c.evidence.target().end());
        int to = Math.max(c.evidence.source().start(), c.evidence.target().start());
        Mention m = c.grounding.in(middle, c.evidence.sentences().getFirst());
        return m.level().found() && m.start() >= from && m.end() <= to;
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

    private record Checked(NormalisedEdge edge, Mention source, Mention target, Evidence evidence,
                           CueCheck.Result cue, Grounding grounding, List<Reading> readings) {
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
