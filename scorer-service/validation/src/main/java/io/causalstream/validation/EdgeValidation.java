package io.causalstream.validation;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.cesar.CesarScorer;
import io.causalstream.cesar.CesarSettings;
import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.validation.verify.CausalVerifier;
import io.causalstream.validation.verify.VerifierVerdict;
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
 *   <li><b>verification</b> — the evidence's cue runs source -> target and its polarity word agrees; not implied only
 *       by transitivity; and, with an LLM backend, "Could {cause} result in {effect}?" (5 asks, majority 3).</li>
 * </ol>
 * Outcome: REJECTED when normalisation drops the edge, the evidence contradicts it (reversed cue, or the LLM says
 * no without an explicit cue), or an end is not in the passage and the strength does not vouch for it; VALIDATED
 * when every stage that ran passed; HYPOTHESIZED otherwise.
 *
 * <p>Thread-safe when its encoder, strength model and verifier are (the bundled ones are): each call keeps its
 * state on the stack, apart from caches that only ever return what the same computation would: a passage's
 * sentences, their embeddings and its label groundings (the next extraction of the passage reuses them), label
 * embeddings, and (when built by {@link #open} or {@link #keepingStrengths}) CESAR strengths by (cause, effect) text.
 * {@link #validateAll} validates many extractions with one batched strength call.
 */
public final class EdgeValidation implements AutoCloseable {

    private final ValidationSettings settings;
    private final TokenEncoder encoder;
    private final StrengthModel strength;
    private final CausalVerifier verifier;
    private final AutoCloseable owned;
    private final Lru<String, PassageText> passages = new Lru<>(PASSAGES_KEPT);
    private final LabelVectors labelVectors;
    /** Null when the strength model is not known to be pure. */
    private final Lru<TextPair, Double> strengthCache;

    /** Passages whose sentences, embeddings and groundings are kept (a few MB each at most). */
    static final int PASSAGES_KEPT = 64;
    static final int STRENGTHS_KEPT = 16384;

    /**
     * A validation that asks {@code strength} for every batch (no strength kept between calls: a stand-in need
     * not be a pure function); {@link #keepingStrengths} for CESAR.
     *
     * @param encoder  for embedding grounding, or null
     * @param strength for the strength stage, or null to skip it
     * @param verifier the LLM check, {@link CausalVerifier#NONE} without a backend
     */
    public EdgeValidation(ValidationSettings settings, TokenEncoder encoder, StrengthModel strength,
                          CausalVerifier verifier) {
        this(settings, encoder, strength, verifier, null, false);
    }

    /**
     * Like the constructor, keeping each (cause, effect) strength for the next extraction that asks it again: for a
     * strength model that is a pure function of the two texts, as CESAR is ({@link #open} does this).
     */
    public static EdgeValidation keepingStrengths(ValidationSettings settings, TokenEncoder encoder,
                                                  StrengthModel strength, CausalVerifier verifier) {
        return new EdgeValidation(settings, encoder, strength, verifier, null, true);
    }

    /** The models {@link #open} loads: CESAR, so its strengths are kept. */
    private EdgeValidation(ValidationSettings settings, TokenEncoder encoder, StrengthModel strength,
                           CausalVerifier verifier, AutoCloseable owned) {
        this(settings, encoder, strength, verifier, owned, true);
    }

    private EdgeValidation(ValidationSettings settings, TokenEncoder encoder, StrengthModel strength,
                           CausalVerifier verifier, AutoCloseable owned, boolean keepStrengths) {
        this.settings = settings;
        this.encoder = encoder;
        this.strength = strength;
        this.verifier = verifier == null ? CausalVerifier.NONE : verifier;
        this.owned = owned;
        this.labelVectors = encoder == null ? null : new LabelVectors(encoder);
        this.strengthCache = keepStrengths ? new Lru<>(STRENGTHS_KEPT) : null;
    }

    /**
     * Builds the validation: unless {@code settings.neural()} is off, the encoder and CESAR head of {@code cesar}
     * are loaded once and closed by {@link #close()}.
     */
    public static EdgeValidation open(ValidationSettings settings, CesarSettings cesarSettings,
                                      CausalVerifier verifier) {
        if (!settings.neural()) {
            return new EdgeValidation(settings, null, null, verifier, null);
        }
        CesarScorer cesar = cesarSettings.open();
        return new EdgeValidation(settings, cesar.encoder(), cesar::strengths, verifier, cesar.encoder());
    }

    /**
     * Like {@link #open(ValidationSettings, CesarSettings, CausalVerifier)}, with encoders the caller shares and
     * closes (taken only when {@code validation.neural} is on): grounding on {@code encoder}, the strength stage on
     * {@code cesarEncoder}, the one the CESAR head was trained on (it may be the same).
     */
    public static EdgeValidation open(ValidationSettings settings, CesarSettings cesarSettings,
                                      CausalVerifier verifier, Supplier<? extends TokenEncoder> encoder,
                                      Supplier<? extends TokenEncoder> cesarEncoder) {
        if (!settings.neural()) {
            return new EdgeValidation(settings, null, null, verifier, null);
        }
        CesarScorer cesar = new CesarScorer(cesarEncoder.get(), cesarSettings.loadHead());
        return new EdgeValidation(settings, encoder.get(), cesar::strengths, verifier, null);
    }

    /** {@link #open(ValidationSettings, CesarSettings, CausalVerifier)} without an LLM backend. */
    public static EdgeValidation open(ValidationSettings settings, CesarSettings cesarSettings) {
        return open(settings, cesarSettings, CausalVerifier.NONE);
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

    /** Stages 1-3 and the cue reading of one extraction. */
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
                checked.add(new Checked(e, null, null, null, null, grounding));
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
            checked.add(new Checked(e, source, target, evidence, cue, grounding));
        }
        return checked;
    }

    /** The passage split and (lazily) embedded, shared by every extraction of it while it stays in the cache. */
    private PassageText passage(String passageText) {
        String text = passageText == null ? "" : passageText;
        PassageText passage = passages.get(text);
        if (passage == null) {
            // a very long passage would cost minutes of encoding inside one transaction: lexical grounding only then
            boolean embed = settings.embeddingGrounding() && passageText != null
                    && passageText.length() <= settings.embeddingMaxChars();
            passage = new PassageText(passageText, embed ? encoder : null);
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
     * A node B with source -> B and B -> target in the graph, unless the evidence states source -> target on its
     * own: a consistent cue in one sentence with no such B written between the two mentions (when B sits between
     * them, the cue there belongs to source -> B or B -> target). Null when not implied by transitivity.
     */
    private String transitiveVia(Checked c, Map<String, Set<String>> successors) {
        String source = c.edge.source();
        String target = c.edge.target();
        boolean explicit = c.cue != null && c.cue.orientation() == CueCheck.Orientation.CONSISTENT
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
                           CueCheck.Result cue, Grounding grounding) {
    }

    @Override
    public void close() {
        if (owned != null) {
            try {
                owned.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot close the validation models", e);
            }
        }
    }
}
