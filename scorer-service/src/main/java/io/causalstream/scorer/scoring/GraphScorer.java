package io.causalstream.scorer.scoring;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.measures.EdgeSetScore;
import io.causalstream.scorer.measures.EdgeSetScorer;
import io.causalstream.scorer.measures.ExactMatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Scores one extraction against one gold graph under every configured measure and builds the {@code scored-graphs}
 * record. Plain Java, no Kafka: the topology and a file-based CLI can share it.
 *
 * <p>Not computed yet (left null or empty in the record, as the schema allows): CESAR strength per edge, staged
 * validation (every edge is {@code UNCHECKED}), the structure-first alignment F1.
 */
public final class GraphScorer {

    private final List<EdgeSetScorer> measures;

    public GraphScorer(List<EdgeSetScorer> measures) {
        if (measures.isEmpty()) {
            throw new IllegalArgumentException("at least one measure is needed");
        }
        this.measures = List.copyOf(measures);
    }

    /** Exact match at T = 1: the classical edge F1 (with formula (1) for partial positives). */
    public static GraphScorer defaults() {
        return new GraphScorer(List.of(new EdgeSetScorer(new ExactMatch(), 1.0)));
    }

    public List<EdgeSetScorer> measures() {
        return measures;
    }

    /**
     * @param extraction the scored annotation
     * @param gold       the passage's effective gold
     * @param scoredAt   time to stamp on the record (the topology passes the triggering record's timestamp, so a
     *                   replay produces the same output)
     */
    public ScoredGraph score(Extraction extraction, GoldGraph gold, Instant scoredAt) {
        Objects.requireNonNull(extraction, "extraction");
        Objects.requireNonNull(gold, "gold");
        List<MeasureScore> scores = new ArrayList<>(measures.size());
        for (EdgeSetScorer measure : measures) {
            EdgeSetScore s = measure.scoreTriples(extraction.getTriples(), gold.getTriples());
            scores.add(MeasureScore.newBuilder()
                    .setMeasure(measure.similarity().name())
                    .setThreshold(measure.threshold())
                    .setTp(s.tp())
                    .setPp(s.pp())
                    .setFp(s.fp())
                    .setFn(s.fn())
                    .setF1(s.f1())
                    .setF1Strict(s.f1Strict())
                    .build());
        }
        List<ScoredEdge> edges = new ArrayList<>(extraction.getTriples().size());
        for (Triple t : extraction.getTriples()) {
            edges.add(ScoredEdge.newBuilder()
                    .setTriple(t)
                    .setStrength(null)
                    .setValidation(ValidationState.UNCHECKED)
                    .setStages(List.of())
                    .build());
        }
        return ScoredGraph.newBuilder()
                .setPassageId(extraction.getPassageId())
                .setAnnotationId(extraction.getAnnotationId())
                .setAnnotator(extraction.getAnnotator())
                .setGoldAnnotationId(gold.getAnnotationId())
                .setGoldOrigin(gold.getOrigin())
                .setEdges(edges)
                .setScores(scores)
                .setAlignmentF1(null)
                .setShareValidated(null)
                .setMeanStrength(null)
                .setScoredAt(scoredAt)
                .build();
    }
}
