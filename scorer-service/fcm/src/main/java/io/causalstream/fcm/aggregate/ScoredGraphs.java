package io.causalstream.fcm.aggregate;

import io.causalstream.fcm.model.Span;
import io.causalstream.fcm.model.Validation;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import java.util.ArrayList;
import java.util.List;

/** The contract's {@code ScoredGraph} (a record of {@code scored-graphs}) as a {@link Contribution}. */
public final class ScoredGraphs {

    public static Contribution contribution(ScoredGraph graph) {
        List<ContributedEdge> edges = new ArrayList<>(graph.getEdges().size());
        for (ScoredEdge e : graph.getEdges()) {
            List<Span> spans = new ArrayList<>();
            for (EvidenceSpan s : e.getTriple().getEvidence()) {
                if (s.getStart() >= 0 && s.getEnd() >= s.getStart()) {
                    spans.add(new Span(s.getStart(), s.getEnd()));
                }
            }
            edges.add(new ContributedEdge(e.getTriple().getSource(), e.getTriple().getTarget(),
                    e.getTriple().getDirection() == Direction.DECREASE ? -1 : 1, e.getStrength(),
                    Validation.valueOf(e.getValidation().name()), spans));
        }
        return new Contribution(graph.getPassageId(), graph.getAnnotationId(), graph.getAnnotator().getId(),
                graph.getAnnotator().getKind().name(), edges);
    }

    private ScoredGraphs() {
    }
}
