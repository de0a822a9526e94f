package io.causalstream.topics;

import org.apache.avro.specific.SpecificRecord;

/**
 * One topic of the contract: its name, the Avro class of its values, and whether it is compacted.
 * Keys are always plain UTF-8 strings (the passage id, or ALL for pooled records).
 */
public record Topic<V extends SpecificRecord>(String name, Class<V> valueClass, boolean compacted) {

    /** The dead-letter topic of this topic: the original bytes and headers plus the error. */
    public String deadLetterTopic() {
        return name + Topics.DEAD_LETTER_SUFFIX;
    }

    @Override
    public String toString() {
        return name;
    }
}
