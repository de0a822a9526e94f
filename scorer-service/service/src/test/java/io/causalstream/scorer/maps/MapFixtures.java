package io.causalstream.scorer.maps;

import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import java.time.Instant;
import java.util.List;

/** Hand-built scored graphs for the causal-maps tests. */
final class MapFixtures {

    static ScoredEdge edge(String source, String target, Direction d, ValidationState state, Double strength) {
        return ScoredEdge.newBuilder()
                .setTriple(Triple.newBuilder().setSource(source).setTarget(target).setDirection(d)
                        .setEvidence(List.of(new EvidenceSpan(0, source.length()))).build())
                .setStrength(strength).setValidation(state).build();
    }

    static ScoredEdge up(String source, String target, double strength) {
        return edge(source, target, Direction.INCREASE, ValidationState.VALIDATED, strength);
    }

    static ScoredEdge down(String source, String target, double strength) {
        return edge(source, target, Direction.DECREASE, ValidationState.VALIDATED, strength);
    }

    static ScoredGraph graph(String passageId, String annotationId, String annotatorId, AnnotatorKind kind,
                             ScoredEdge... edges) {
        return ScoredGraph.newBuilder().setPassageId(passageId).setAnnotationId(annotationId)
                .setAnnotator(Annotator.newBuilder().setId(annotatorId).setKind(kind).build())
                .setEdges(List.of(edges)).setScores(List.of()).setScoredAt(Instant.EPOCH).build();
    }

    private MapFixtures() {
    }
}
