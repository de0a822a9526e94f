package io.causalstream.scorer.scoring;

import io.causalstream.validation.EdgeValidation;
import io.causalstream.validation.ValidatedEdge;
import io.causalstream.validation.ValidatedGraph;
import io.causalstream.validation.Verdict;
import io.causalstream.validation.verify.AnswerBook;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.StageVerdict;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.scorer.scoring.EdgeAssessor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Staged validation as the scorer's per-edge hook: one assessment per extracted triple, in order, because
 * {@code scored-graphs} lists the edges as extracted.
 *
 * <p>A triple that normalisation split ("A and B cause C", guideline 7) is validated part by part; its
 * assessment is the parts' common state when they agree and HYPOTHESIZED when they do not (part of the claim holds,
 * part does not), its strength the parts' mean, and its stage verdicts those of every part, each reason prefixed
 * with the part's labels. Without the passage text (not received yet) every edge stays UNCHECKED; the scorer
 * re-scores when the text arrives.
 *
 * <p>Validation reads the passage and the extraction, never the gold, while the scorer re-scores every extraction
 * of a passage whenever its gold changes (a tournament leader can change hundreds of times): the last
 * {@code cacheSize} results are kept so that a gold change costs the soft F1 only, not the encoder and CESAR again.
 * Results are deterministic, so a restart that recomputes them changes nothing.
 */
public final class ValidationAssessor implements EdgeAssessor {

    /** Default number of (passage text, triples) results kept. */
    public static final int DEFAULT_CACHE_SIZE = 10_000;

    private final EdgeValidation validation;
    private final AnswerBook answers;
    private final Map<Key, List<EdgeAssessment>> recent;

    public ValidationAssessor(EdgeValidation validation) {
        this(validation, AnswerBook.NONE, DEFAULT_CACHE_SIZE);
    }

    /** @param answers the book in front of the verifier {@code validation} asks (it records what is asked) */
    public ValidationAssessor(EdgeValidation validation, AnswerBook answers) {
        this(validation, answers, DEFAULT_CACHE_SIZE);
    }

    public ValidationAssessor(EdgeValidation validation, AnswerBook answers, int cacheSize) {
        this.validation = validation;
        this.answers = answers;
        // access-ordered LinkedHashMap = LRU; a few lines do not justify a cache library here
        this.recent = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, List<EdgeAssessment>> eldest) {
                return size() > cacheSize;
            }
        });
    }

    private record Key(String text, List<Triple> triples) {
    }

    @Override
    public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
        int n = extraction.getTriples().size();
        if (passageText == null || passageText.isBlank()) {
            return Collections.nCopies(n, EdgeAssessment.UNCHECKED);
        }
        Key key = new Key(passageText, List.copyOf(extraction.getTriples()));
        List<EdgeAssessment> cached = recent.get(key);
        if (cached != null) {
            return cached;
        }
        List<EdgeAssessment> out = assess(passageText, extraction.getTriples());
        recent.put(key, out);
        return out;
    }

    private List<EdgeAssessment> assess(String passageText, List<Triple> triples) {
        return fold(validation.validate(passageText, triples), triples.size());
    }

    /**
     * Many extractions of one passage: those not cached are validated together ({@link EdgeValidation#validateAll}:
     * their CESAR strengths in one batch), each folded back to its extracted triples.
     */
    @Override
    public List<List<EdgeAssessment>> assessAll(List<Extraction> extractions, String passageText) {
        if (passageText == null || passageText.isBlank()) {
            return extractions.stream().map(e -> assess(e, passageText)).toList();
        }
        List<List<EdgeAssessment>> out = new ArrayList<>(Collections.nCopies(extractions.size(), null));
        List<Integer> todo = new ArrayList<>();
        List<EdgeValidation.Extraction> inputs = new ArrayList<>();
        for (int i = 0; i < extractions.size(); i++) {
            List<EdgeAssessment> cached = recent.get(new Key(passageText,
                    List.copyOf(extractions.get(i).getTriples())));
            if (cached != null) {
                out.set(i, cached);
            } else {
                todo.add(i);
                inputs.add(new EdgeValidation.Extraction(passageText, extractions.get(i).getTriples()));
            }
        }
        List<ValidatedGraph> graphs = inputs.isEmpty() ? List.of() : validation.validateAll(inputs);
        for (int k = 0; k < todo.size(); k++) {
            Extraction e = extractions.get(todo.get(k));
            List<EdgeAssessment> folded = fold(graphs.get(k), e.getTriples().size());
            recent.put(new Key(passageText, List.copyOf(e.getTriples())), folded);
            out.set(todo.get(k), folded);
        }
        return out;
    }

    /** One assessment per extracted triple: split parts folded back (see the class comment). */
    private static List<EdgeAssessment> fold(ValidatedGraph graph, int n) {
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
        return List.copyOf(out);
    }

    @Override
    public boolean usesPassageText() {
        return true;
    }

    @Override
    public AnswerBook verifierAnswers() {
        return answers;
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
