package io.causalstream.graphsink;

/** Neo4j refused the write for what it contains (not transient): trying again gives the same answer. */
public final class GraphRejectedException extends RuntimeException {

    public GraphRejectedException(String message, Throwable cause) {
        super(message, cause);
    }
}
