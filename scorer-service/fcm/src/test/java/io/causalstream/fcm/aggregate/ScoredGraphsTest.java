package io.causalstream.fcm.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.fcm.model.Span;
import io.causalstream.fcm.model.Validation;
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
import org.junit.jupiter.api.Test;

class ScoredGraphsTest {

    @Test
    void aScoredGraphBecomesAContributionWithSignsStatesStrengthsAndSpans() {
        ScoredGraph g = ScoredGraph.newBuilder().setPassageId("p1").setAnnotationId("a1")
                .setAnnotator(Annotator.newBuilder().setId("Human2").setKind(AnnotatorKind.HUMAN).build())
                .setEdges(List.of(
                        edge("rain", "flooding", Direction.INCREASE, ValidationState.VALIDATED, 0.8,
                                List.of(new EvidenceSpan(0, 4))),
                        edge("dams", "flooding", Direction.DECREASE, ValidationState.HYPOTHESIZED, null, List.of())))
                .setScores(List.of()).setScoredAt(Instant.EPOCH).build();

        Contribution c = ScoredGraphs.contribution(g);

        assertThat(c.key()).isEqualTo(Contribution.key("p1", "Human2"));
        assertThat(c.annotatorKind()).isEqualTo("HUMAN");
        assertThat(c.edges()).containsExactly(
                new ContributedEdge("rain", "flooding", 1, 0.8, Validation.VALIDATED, List.of(new Span(0, 4))),
                new ContributedEdge("dams", "flooding", -1, null, Validation.HYPOTHESIZED, List.of()));
    }

    static ScoredEdge edge(String s, String t, Direction d, ValidationState v, Double strength,
            List<EvidenceSpan> spans) {
        return ScoredEdge.newBuilder().setTriple(Triple.newBuilder().setSource(s).setTarget(t).setDirection(d)
                .setEvidence(spans).build()).setValidation(v).setStrength(strength).build();
    }
}
