package io.causalstream.serde;

import org.apache.kafka.common.errors.SerializationException;

/** A healthy registry answered, repeatedly, that the record's schema id is unknown: the record is invalid. */
public class UnknownSchemaIdException extends SerializationException {

    private final int schemaId;

    public UnknownSchemaIdException(int schemaId, String message, Throwable cause) {
        super(message, cause);
        this.schemaId = schemaId;
    }

    public int schemaId() {
        return schemaId;
    }
}
