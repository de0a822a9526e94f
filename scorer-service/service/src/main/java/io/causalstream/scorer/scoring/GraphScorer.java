package io.causalstream.scorer.scoring;

import io.causalstream.validation.verify.AnswerBook;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ReferenceFreeQuality;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.EdgeSetScore;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.ExactMatch;
import io.causalstream.measures.catalog.MeasureCatalog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scores one extraction against one gold graph under every configured measure and builds the {@code scored-graphs}
 * record. Plain Java, no Kafka: the topology and the file-based CLI share it.
 *
 * <p>Two hooks complete the record: an {@link EdgeAssessor} (per-edge strength and validation, with
 * {@code shareValidated} and {@code meanStrength} derived from it) and a {@link GraphAlignment}
 * ({@code alignmentF1}). Both default to doing nothing (edges {@code UNCHECKED}, the three fields null). A hook
 * that throws is logged and treated as not run, so a bug there cannot stop the stream.
 */
public final class GraphScorer {

    private static final Logger log = LoggerFactory.getLogger(GraphScorer.class);

    private final List<EdgeSetMeasure> measures;
    private final EdgeAssessor assessor;
    private final GraphAlignment alignment;

    public GraphScorer(List<? extends EdgeSetMeasure> measures, EdgeAssessor assessor, GraphAlignment alignment) {
        if (measures.isEmpty()) {
            throw new IllegalArgumentException("at least one measure is needed");
        }
        this.measures = List.copyOf(measures);
        this.assessor = Objects.requireNonNull(assessor, "assessor");
        this.alignment = Objects.requireNonNull(alignment, "alignment");
    }

    public GraphScorer(List<? extends EdgeSetMeasure> measures) {
        this(measures, EdgeAssessor.NONE, GraphAlignment.NONE);
    }

    /** Exact match at T = 1 only: the classical edge F1 (with formula (1) for partial positives). */
    public static GraphScorer defaults() {
        return new GraphScorer(List.of(new EdgeSetScorer(new ExactMatch(), 1.0)));
    }

    /** The built-in measures of a measure list such as {@value MeasureCatalog#DEFAULT_SPEC}, no hooks. */
    public static GraphScorer of(String measureSpec) {
        return new GraphScorer(MeasureCatalog.builtIn().parse(measureSpec));
    }

    /** The same measures with other hooks (the service wires validation, strength and alignment in here). */
    public GraphScorer withHooks(EdgeAssessor edgeAssessor, GraphAlignment graphAlignment) {
        return new GraphScorer(measures, edgeAssessor, graphAlignment);
    }

    public List<EdgeSetMeasure> measures() {
        return measures;
    }

    /** Whether scores depend on the passage text (the edge assessor reads it). */
    public boolean usesPassageText() {
        return assessor.usesPassageText();
    }

    /** The LLM verifier's answers the edge assessor asks through (see {@link EdgeAssessor#verifierAnswers}). */
    public AnswerBook verifierAnswers() {
        return assessor.verifierAnswers();
    }

    /** {@link #score(Extraction, GoldGraph, String, Instant)} without the passage text. */
    public ScoredGraph score(Extraction extraction, GoldGraph gold, Instant scoredAt) {
        return score(extraction, gold, null, scoredAt);
    }

    /**
     * Both stages at once, on the caller's thread (the file-based CLI): {@link #assess}, {@link #validated}, then
     * {@link #withGold}.
     *
     * @param extraction  the scored annotation
     * @param gold        the passage's effective gold
     * @param passageText the passage text, or null when unknown
     * @param scoredAt    time to stamp on the record (the topology passes the triggering record's timestamp, so a
     *                    replay produces the same output)
     */
    public ScoredGraph score(Extraction extraction, GoldGraph gold, String passageText, Instant scoredAt) {
        Objects.requireNonNull(gold, "gold");
        return withGold(validated(extraction, assess(extraction, passageText), scoredAt), gold, scoredAt);
    }

    /**
     * Stage one, the slow part: the edge assessor's verdict on every edge (strength, validation). Never throws: an
     * assessor that fails or answers with the wrong number of assessments gives every edge the state ERROR with
     * the reason, so the failure is visible on {@code scored-graphs} and in the metrics.
     */
    public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
        return assessAll(List.of(extraction), passageText).getFirst();
    }

    /**
     * {@link #assess} for several extractions of one passage at once (the assessor may batch their model calls);
     * never throws: a failure gives every edge of every extraction the state ERROR with the reason.
     */
    public List<List<EdgeAssessment>> assessAll(List<Extraction> extractions, String passageText) {
        try {
            List<List<EdgeAssessment>> out = assessor.assessAll(extractions, passageText);
            if (out != null && out.size() == extractions.size()) {
                List<List<EdgeAssessment>> checked = new ArrayList<>(out.size());
                for (int i = 0; i < out.size(); i++) {
                    int n = extractions.get(i).getTriples().size();
                    List<EdgeAssessment> one = out.get(i);
                    checked.add(one != null && one.size() == n ? one : EdgeAssessment.errors(n,
                            "the edge assessor returned " + (one == null ? "nothing" : one.size() + " assessments")
                                    + " for " + n + " edges"));
                }
                return checked;
            }
            log.warn("edge assessor returned {} results for {} extractions", out == null ? "null" : out.size(),
                    extractions.size());
            return extractions.stream().map(e -> EdgeAssessment.errors(e.getTriples().size(),
                    "the edge assessor returned no result for this extraction")).toList();
        } catch (RuntimeException e) {
            log.warn("edge assessor failed on {} extractions of {}", extractions.size(),
                    extractions.isEmpty() ? "-" : extractions.getFirst().getPassageId(), e);
            return extractions.stream().map(x -> EdgeAssessment.errors(x.getTriples().size(),
                    "validation failed: " + e)).toList();
        }
    }

    /**
     * The extraction with its assessed edges and reference-free quality, and no gold: what {@code scored-graphs}
     * carries while the passage has no gold, and what {@link #withGold} scores when it has.
     */
    public ScoredGraph validated(Extraction extraction, List<EdgeAssessment> assessments, Instant at) {
        Objects.requireNonNull(extraction, "extraction");
        List<Triple> triples = extraction.getTriples();
        if (assessments.size() != triples.size()) {
            throw new IllegalArgumentException(assessments.size() + " assessments for " + triples.size() + " edges");
        }
        List<ScoredEdge> edges = new ArrayList<>(triples.size());
        for (int i = 0; i < triples.size(); i++) {
            EdgeAssessment a = assessments.get(i);
            edges.add(ScoredEdge.newBuilder()
                    .setTriple(triples.get(i))
                    .setStrength(a.strength())
                    .setValidation(a.validation())
                    .setStages(a.stages())
                    .build());
        }
        ReferenceFreeQuality quality = GraphQuality.of(edges);
        return ScoredGraph.newBuilder()
                .setPassageId(extraction.getPassageId())
                .setAnnotationId(extraction.getAnnotationId())
                .setAnnotator(extraction.getAnnotator())
                .setGoldAnnotationId(null)
                .setGoldOrigin(null)
                .setEdges(edges)
                .setScores(List.of())
                .setAlignmentF1(null)
                .setShareValidated(GraphQuality.shareValidated(quality))
                .setMeanStrength(quality.getMeanStrength())
                .setScoredAt(at)
                .setQuality(quality)
                .build();
    }

    /**
     * Stage two, fast: a validated graph scored against the passage's effective gold under every measure (soft F1
     * and alignment read the edges' triples only). Without gold ({@code gold == null}) the graph is returned as
     * validated: empty scores, no gold id, so a consumer can tell "no gold yet" from "scored 0".
     */
    public ScoredGraph withGold(ScoredGraph validated, GoldGraph gold, Instant scoredAt) {
        ScoredGraph.Builder out = ScoredGraph.newBuilder(validated).setScoredAt(scoredAt);
        if (gold == null) {
            return out.setGoldAnnotationId(null).setGoldOrigin(null).setScores(List.of()).setAlignmentF1(null)
                    .build();
        }
        List<Triple> triples = validated.getEdges().stream().map(ScoredEdge::getTriple).toList();
        List<MeasureScore> scores = new ArrayList<>(measures.size());
        for (EdgeSetMeasure measure : measures) {
            EdgeSetScore s = measure.scoreTriples(triples, gold.getTriples());
            scores.add(MeasureScore.newBuilder()
                    .setMeasure(measure.name())
                    .setThreshold(measure.threshold())
                    .setTp(s.tp())
                    .setPp(s.pp())
                    .setFp(s.fp())
                    .setFn(s.fn())
                    .setF1(s.f1())
                    .setF1Strict(s.f1Strict())
                    .build());
        }
        return out.setGoldAnnotationId(gold.getAnnotationId())
                .setGoldOrigin(gold.getOrigin())
                .setScores(scores)
                .setAlignmentF1(alignmentF1(validated, triples, gold))
                .build();
    }

    private Double alignmentF1(ScoredGraph validated, List<Triple> triples, GoldGraph gold) {
        try {
            return alignment.alignmentF1(triples, gold);
        } catch (RuntimeException e) {
            log.warn("graph alignment failed on {}/{}; alignmentF1 left null", validated.getPassageId(),
                    validated.getAnnotationId(), e);
            return null;
        }
    }
}
