package io.causalstream.alignment;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The evaluation views of EmpiriGraph section 5.2 / appendix A.3: each turns a preprocessed graph into the graph the
 * alignment is computed on. Gold and prediction always go through the same view.
 */
public enum EvaluationView {

    /** M_typed: the full graph, directed typed edges (reference condition {@code A_typed}). */
    TYPED("A_typed"),

    /**
     * M_higher: lower-level nodes (targets of a hierarchy edge) are removed with all their edges, and so are the
     * hierarchy edges; what remains are the higher-level nodes and the non-hierarchy edges among them (reference
     * condition {@code B_higher_typed}). Node order is the input order; the reference iterates a Python set here, so
     * its node order (and with it which of several optimal mappings it reports) is not reproducible for this view.
     */
    HIGHER_LEVEL("B_higher_typed"),

    /**
     * M_agnostic: every edge becomes one {@link EdgeType#RELATION} edge, one per ordered node pair (reference
     * condition {@code C_agnostic}). The paper's text calls the collapsed relation undirected; the released code, whose
     * numbers this reproduces, keeps each edge's direction (correlational edges keep their canonical orientation).
     */
    TYPE_AGNOSTIC("C_agnostic"),

    /** Higher-level, then type-agnostic (reference condition {@code D_higher_agnostic}). */
    HIGHER_LEVEL_AGNOSTIC("D_higher_agnostic"),

    /**
     * Positive-edge scoring (appendix A.3, E+): only edges whose validation state is {@link Validation#VALIDATED}
     * (hierarchy edges always are); all nodes stay.
     */
    VALIDATED_ONLY("validated_only");

    private final String condition;

    EvaluationView(String condition) {
        this.condition = condition;
    }

    /** The reference's name for this condition (column suffix in its CSVs). */
    public String condition() {
        return condition;
    }

    /** Applies the view to an already preprocessed graph ({@link Preprocessing#apply}); returns a new graph. */
    public TypedGraph apply(TypedGraph preprocessed) {
        return switch (this) {
            case TYPED -> preprocessed;
            case HIGHER_LEVEL -> higherLevel(preprocessed);
            case TYPE_AGNOSTIC -> typeAgnostic(preprocessed);
            case HIGHER_LEVEL_AGNOSTIC -> typeAgnostic(higherLevel(preprocessed));
            case VALIDATED_ONLY -> validatedOnly(preprocessed);
        };
    }

    static TypedGraph higherLevel(TypedGraph g) {
        Set<String> lower = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() == EdgeType.HIERARCHY) {
                lower.add(e.target());
            }
        }
        TypedGraph h = new TypedGraph();
        for (String n : g.nodes()) {
            if (!lower.contains(n)) {
                h.addNode(n, g.label(n));
            }
        }
        Set<TypedEdge> seen = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (e.type() != EdgeType.HIERARCHY && h.hasNode(e.source()) && h.hasNode(e.target())
                    && seen.add(new TypedEdge(e.source(), e.target(), e.type(), Validation.VALIDATED))) {
                h.addEdge(e);
            }
        }
        return h;
    }

    static TypedGraph typeAgnostic(TypedGraph g) {
        TypedGraph h = g.copyNodes();
        Set<List<String>> seen = new HashSet<>();
        for (TypedEdge e : g.edges()) {
            if (seen.add(List.of(e.source(), e.target()))) {
                h.addEdge(e.source(), e.target(), EdgeType.RELATION, e.validation());
            }
        }
        return h;
    }

    static TypedGraph validatedOnly(TypedGraph g) {
        TypedGraph h = g.copyNodes();
        for (TypedEdge e : g.edges()) {
            if (e.validation() == Validation.VALIDATED) {
                h.addEdge(e);
            }
        }
        return h;
    }
}
