package io.causalstream.validation;

import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.List;

/**
 * The validated edges of one extraction and the graph summary. The summary is over the edges normalisation kept
 * (dropped duplicates are listed, REJECTED, but do not dilute the share): {@code shareValidated} = VALIDATED / kept,
 * {@code meanStrength} = mean CESAR strength over kept edges; both null when there is no kept edge (or, for the
 * strength, no model).
 */
public record ValidatedGraph(List<ValidatedEdge> edges, Double shareValidated, Double meanStrength) {

    public ValidatedGraph {
        edges = List.copyOf(edges);
    }

    static ValidatedGraph of(List<ValidatedEdge> edges) {
        List<ValidatedEdge> kept = edges.stream().filter(ValidatedEdge::kept).toList();
        Double share = kept.isEmpty() ? null
                : kept.stream().filter(e -> e.state() == ValidationState.VALIDATED).count() / (double) kept.size();
        List<Double> strengths = kept.stream().map(ValidatedEdge::strength).filter(s -> s != null).toList();
        Double mean = strengths.isEmpty() ? null
                : strengths.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        return new ValidatedGraph(edges, share, mean);
    }

    /** The edges as the {@code scored-graphs} schema carries them. */
    public List<ScoredEdge> scoredEdges() {
        return edges.stream().map(ValidatedEdge::toAvro).toList();
    }

    public long count(ValidationState state) {
        return edges.stream().filter(e -> e.state() == state).count();
    }
}
