package io.causalstream.validation;

import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.validation.verify.CausalVerifier;
import io.causalstream.validation.verify.VerifierVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The verification stage of {@link EdgeValidation}: whether the passage states the edge's sign source -> target, by
 * the learned reader or, without it, the cue lexicon; then not implied only by transitivity, and the LLM's answer
 * when one is configured.
 */
final class EdgeVerification {

    /**
     * @param passed       the stage passed
     * @param contradicted the passage states otherwise: the edge is rejected
     * @param reason       what was read, for the stage's verdict
     */
    record Outcome(boolean passed, boolean contradicted, String reason) {
    }

    private final ValidationSettings settings;
    /** The learned verification, or null: the cue lexicon decides the sign. */
    private final PairReader reader;
    private final CausalVerifier verifier;

    EdgeVerification(ValidationSettings settings, PairReader reader, CausalVerifier verifier) {
        this.settings = settings;
        this.reader = reader;
        this.verifier = verifier;
    }

    /** The verification of one edge: the learned reading when there is a reader, else the cue lexicon. */
    Outcome verify(CheckedEdge c, Map<String, Set<String>> successors) {
        return reader != null ? verifyByReading(c, successors) : verifyByCue(c, successors);
    }

    /** Without the reader: the evidence's cue runs source -> target and its polarity word agrees. */
    private Outcome verifyByCue(CheckedEdge c, Map<String, Set<String>> successors) {
        List<String> reasons = new ArrayList<>();
        boolean supported = false;
        boolean contradicted = false;
        boolean weakened = false;
        CueCheck.Orientation orientation = c.cue() == null ? CueCheck.Orientation.NONE : c.cue().orientation();
        switch (orientation) {
            case CONSISTENT -> {
                supported = true;
                reasons.add("cue '" + c.cue().cue() + "' runs source -> target");
            }
            case REVERSED -> {
                contradicted = true;
                reasons.add("cue '" + c.cue().cue() + "' runs target -> source: direction reversed");
            }
            case CHAIN -> {
                weakened = true;
                reasons.add("the evidence links them only through a middle concept (" + c.cue().cue()
                        + "): a chain of two claims, not a claim about this pair");
            }
            case NONE -> reasons.add(c.evidence().locatesBothEnds() ? "no causal cue in the evidence"
                    : "no evidence sentence to read a cue from");
        }
        Direction direction = c.edge().original().getDirection();
        if (c.cue() != null && supported) {
            // the sign as well as the direction: a cue running the right way with the opposite sign is no support
            switch (c.cue().polarity()) {
                case AGREES -> reasons.add("'" + c.cue().polarityWord() + "' agrees with " + direction);
                case CONTRADICTS -> {
                    weakened = true;
                    reasons.add("'" + c.cue().polarityWord() + "' contradicts " + direction);
                }
                case NEGATED -> {
                    weakened = true;
                    reasons.add("the evidence states no link (" + c.cue().polarityWord() + ")");
                }
                case UNKNOWN -> {
                    weakened = true;
                    reasons.add("no sign readable in the evidence for " + direction);
                }
            }
        } else if (c.cue() != null && c.cue().polarity() == CueCheck.Polarity.CONTRADICTS) {
            weakened = true;
            reasons.add("'" + c.cue().polarityWord() + "' contradicts " + direction);
        } else if (c.cue() != null && c.cue().polarity() == CueCheck.Polarity.NEGATED) {
            weakened = true;
            reasons.add("the evidence states no link (" + c.cue().polarityWord() + ")");
        }
        if (settings.transitivityCheck()) {
            String via = transitiveVia(c, successors);
            if (via != null) {
                weakened = true;
                reasons.add("implied only by transitivity via '" + via + "' (guideline 4)");
            }
        }
        if (verifier.configured()) {
            VerifierVerdict answer = verifier.verify(c.edge().source(), c.edge().target());
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
        return new Outcome(passed, contradicted, String.join("; ", reasons));
    }

    /**
     * The learned verification: the edge is verified when a sentence naming both ends reads a link source -> target
     * (P(increase) + P(decrease) at least the edge threshold) whose sign is the edge's (at least the sign threshold
     * of that link's probability) and no sentence reads the opposite sign so; the cue lexicon, transitivity and the
     * LLM may then withhold it (never supply it: a cue or an LLM's yes reads no sign the reader did not).
     */
    private Outcome verifyByReading(CheckedEdge c, Map<String, Set<String>> successors) {
        List<String> reasons = new ArrayList<>();
        Direction direction = c.edge().original().getDirection();
        Direction other = flip(direction);
        double edgeThreshold = settings.readerEdgeThreshold() != null ? settings.readerEdgeThreshold()
                : reader.edgeThreshold();
        double signThreshold = settings.readerThreshold();
        SentenceReading agreeing = null;
        SentenceReading opposing = null;
        SentenceReading best = null;
        List<String> refused = new ArrayList<>();
        for (SentenceReading r : c.readings()) {
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
            if (best.reread() != null) {
                reading += "; read without " + best.reread();
            }
            reasons.add(reading);
        } else if (!refused.isEmpty()) {
            reasons.add(who + ": " + String.join(", ", refused));
        } else {
            reasons.add(who + ": " + (c.evidence().found() && c.evidence().sentences().size() > 1
                    ? "the ends are named in different sentences; it reads one sentence"
                    : c.evidence().found() ? "no sentence names both ends as words it can read"
                    : "no evidence sentence to read"));
        }
        if (agreeing != null && opposing == null && !refused.isEmpty()) {
            reasons.add(String.join(", ", refused));
        }
        CueCheck.Orientation orientation = c.cue() == null ? CueCheck.Orientation.NONE : c.cue().orientation();
        ValidationSettings.Lexicon lexicon = settings.readerLexicon();
        if (lexicon != ValidationSettings.Lexicon.OFF && c.cue() != null) {
            switch (orientation) {
                case REVERSED -> {
                    contradicted = true;
                    weakened = true;
                    reasons.add("cue '" + c.cue().cue() + "' runs target -> source: direction reversed");
                }
                case CHAIN -> {
                    weakened = true;
                    reasons.add("the evidence links them only through a middle concept (" + c.cue().cue()
                            + "): a chain of two claims, not a claim about this pair");
                }
                default -> {
                }
            }
            switch (c.cue().polarity()) {
                case CONTRADICTS -> {
                    weakened = true;
                    reasons.add("cue '" + c.cue().polarityWord() + "' contradicts " + direction);
                }
                case NEGATED -> {
                    weakened = true;
                    reasons.add("the evidence states no link (" + c.cue().polarityWord() + ")");
                }
                default -> {
                }
            }
        }
        if (lexicon == ValidationSettings.Lexicon.REQUIRE && !(orientation == CueCheck.Orientation.CONSISTENT
                && c.cue().polarity() == CueCheck.Polarity.AGREES)) {
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
            VerifierVerdict answer = verifier.verify(c.edge().source(), c.edge().target());
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
        return new Outcome(supported && !weakened && !contradicted, contradicted, String.join("; ", reasons));
    }

    /**
     * P(sign) of the reading source -> target, for the edge's labels: where a mention negates its label's word
     * ("food insecurity" for the label "food security") the reader read the opposite concept, so its signs swap.
     */
    private static double p(SentenceReading r, Direction sign) {
        Direction read = r.flips() != null ? flip(sign) : sign;
        return read == Direction.INCREASE ? r.pair().forward().increase() : r.pair().forward().decrease();
    }

    /** The share of the reading's link that has {@code sign}. */
    private static double share(SentenceReading r, Direction sign) {
        double edge = r.pair().forward().edge();
        return edge <= 0 ? 0 : p(r, sign) / edge;
    }

    private static String read(SentenceReading r, Direction sign) {
        return String.format(Locale.ROOT, "%s (P(link) %.2f, %.2f of it %s)%s", sign, r.pair().forward().edge(),
                share(r, sign), sign, (r.flips() == null ? "" : ", read for " + r.flips())
                        + (r.reread() == null ? "" : ", read without " + r.reread()));
    }

    private static Direction flip(Direction d) {
        return d == Direction.INCREASE ? Direction.DECREASE : Direction.INCREASE;
    }

    /**
     * A node B with source -> B and B -> target in the graph, unless the evidence states source -> target on its
     * own: a consistent cue in one sentence with no such B written between the two mentions (when B sits between
     * them, the cue there belongs to source -> B or B -> target). Null when not implied by transitivity.
     */
    private String transitiveVia(CheckedEdge c, Map<String, Set<String>> successors) {
        return transitiveVia(c, successors, false);
    }

    /** @param read whether the reader read the pair's sign in a sentence (an explicit statement, as a cue is) */
    private String transitiveVia(CheckedEdge c, Map<String, Set<String>> successors, boolean read) {
        String source = c.edge().source();
        String target = c.edge().target();
        boolean explicit = (read || c.cue() != null && c.cue().orientation() == CueCheck.Orientation.CONSISTENT)
                && c.evidence().sentences().size() == 1;
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

    private boolean between(CheckedEdge c, String middle) {
        int from = Math.min(c.evidence().source().end(), c.evidence().target().end());
        int to = Math.max(c.evidence().source().start(), c.evidence().target().start());
        Mention m = c.grounding().in(middle, c.evidence().sentences().getFirst());
        return m.level().found() && m.start() >= from && m.end() <= to;
    }
}
