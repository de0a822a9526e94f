package io.causalstream.scorer.validation;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.scoring.StageVerdict;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.scorer.scoring.EdgeAssessor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Staged validation as the scorer's per-edge hook: one assessment per extracted triple, in order, because
 * {@code scored-graphs} lists the edges as extracted.
 *
 * <p>A triple that normalisation split ("A and B cause C", guideline 7) is validated part by part; its
 * assessment is the parts' common state when they agree and HYPOTHESIZED when they do not (part of the claim holds,
 * part does not), its strength the parts' mean, and its stage verdicts those of every part, each reason prefixed
 * with the part's labels. Without the passage text (not received yet) every edge stays UNCHECKED; the scorer
 * re-scores when the text arrives.
 */
public final class ValidationAssessor implements EdgeAssessor {

    private final EdgeValidation validation;

    public ValidationAssessor(EdgeValidation validation) {
        this.validation = validation;
    }

    @Override
    public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
        int n = extraction.getTriples().size();
        if (passageText == null || passageText.isBlank()) {
            return Collections.nCopies(n, EdgeAssessment.UNCHECKED);
        }
        ValidatedGraph graph = validation.validate(passageText, extraction.getTriples());
        List<List<ValidatedEdge>> parts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            parts.add(new ArrayList<>(1));
        }
        for (ValidatedEdge e : graph.edges()) {
            parts.get(e.originalIndex()).add(e);
        }
        List<EdgeAssessment> out = new ArrayList<>(n);
        for (List<ValidatedEdge> p : parts) {
            out.add(p.isEmpty() ? EdgeAssessment.UNCHECKED : combine(p));
        }
        return out;
    }

    @Override
    public boolean usesPassageText() {
        return true;
    }

    static EdgeAssessment combine(List<ValidatedEdge> parts) {
        if (parts.size() == 1) {
            ValidatedEdge e = parts.getFirst();
            return new EdgeAssessment(e.strength(), e.state(), e.stages().stream().map(Verdict::toAvro).toList());
        }
        ValidationState first = parts.getFirst().state();
        ValidationState state = parts.stream().allMatch(e -> e.state() == first) ? first
                : ValidationState.HYPOTHESIZED;
        List<Double> strengths = parts.stream().map(ValidatedEdge::strength).filter(s -> s != null).toList();
        Double strength = strengths.isEmpty() ? null
                : strengths.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        List<StageVerdict> stages = new ArrayList<>();
        for (ValidatedEdge e : parts) {
            String label = "[" + e.triple().getSource() + " -> " + e.triple().getTarget() + ": " + e.state() + "] ";
            for (Verdict v : e.stages()) {
                stages.add(new Verdict(v.stage(), v.passed(), label + v.reason()).toAvro());
            }
        }
        return new EdgeAssessment(strength, state, stages);
    }
}
