package io.causalstream.graphsink;

/**
 * A record the sink cannot turn into graph statements (wrong shape, a blank id, an edge naming a concept the map
 * lacks). Not transient: the record goes to the connector's dead-letter topic with this message as the reason.
 */
public final class UnmappableRecordException extends RuntimeException {

    public UnmappableRecordException(String reason) {
        super(reason);
    }
}
