package io.causalstream.research.study;

import io.causalstream.measures.RawEdge;
import java.util.List;

/** One annotator's causal graph of one passage, edges as written in the file. */
public record Annotation(String annotator, String text, List<RawEdge> edges) {

    public Annotation {
        edges = List.copyOf(edges);
    }
}
