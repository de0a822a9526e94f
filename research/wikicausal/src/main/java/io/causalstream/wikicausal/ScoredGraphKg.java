package io.causalstream.wikicausal;

import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.Optional;

/**
 * Turns {@code scored-graphs} output into a {@link CausalKg} for WikiCausal's recall and precision: each edge's
 * ends are linked to base-KG ids with a {@link ConceptLinker}; an edge between two classes is a class edge, any
 * other linked edge an instance edge; unlinked edges are left out of recall (they cannot hit the base KG).
 * Optionally only VALIDATED edges count.
 */
public final class ScoredGraphKg {

    /** The KG and how many edges could not be linked. */
    public record Linked(CausalKg kg, int edges, int unlinked) {
    }

    public static Linked from(Iterable<ScoredGraph> graphs, ConceptLinker linker, boolean validatedOnly) {
        CausalKg.Builder builder = new CausalKg.Builder();
        int edges = 0;
        int unlinked = 0;
        for (ScoredGraph graph : graphs) {
            for (ScoredEdge edge : graph.getEdges()) {
                if (validatedOnly && edge.getValidation() != ValidationState.VALIDATED) {
                    continue;
                }
                edges++;
                String source = edge.getTriple().getSource();
                String target = edge.getTriple().getTarget();
                Optional<String> cause = linker.link(source);
                Optional<String> effect = linker.link(target);
                if (cause.isEmpty() || effect.isEmpty()) {
                    unlinked++;
                    continue;
                }
                if (linker.isClass(cause.get()) && linker.isClass(effect.get())) {
                    builder.addClassEdge(cause.get(), effect.get(), source, target);
                } else {
                    builder.addInstanceEdge(cause.get(), effect.get(), source, target);
                }
            }
        }
        return new Linked(builder.build(), edges, unlinked);
    }

    private ScoredGraphKg() {
    }
}
