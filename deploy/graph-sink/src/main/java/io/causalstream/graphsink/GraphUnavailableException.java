package io.causalstream.graphsink;

/** Neo4j could not be reached or asked to retry (transient): nothing was written, the write may be tried again. */
public final class GraphUnavailableException extends RuntimeException {

    public GraphUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
