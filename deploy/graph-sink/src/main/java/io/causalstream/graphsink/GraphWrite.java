package io.causalstream.graphsink;

import java.util.List;

/**
 * What one record does to the graph: statements run in order inside one transaction, and the number of causal edges
 * it leaves (for the metrics).
 */
public record GraphWrite(String description, List<GraphStatement> statements, int edges) {

    public GraphWrite {
        statements = List.copyOf(statements);
    }
}
