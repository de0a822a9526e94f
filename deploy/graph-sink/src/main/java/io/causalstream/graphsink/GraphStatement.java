package io.causalstream.graphsink;

import java.util.Map;

/** One parameterised Cypher statement. */
public record GraphStatement(String cypher, Map<String, Object> parameters) {

    public GraphStatement {
        parameters = Map.copyOf(parameters);
    }
}
