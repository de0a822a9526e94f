package io.causalstream.scorer.topology;

import io.causalstream.deadletter.InvalidRecordException;

/**
 * Checks a decoded record must pass before it touches state. A failure throws {@link InvalidRecordException}:
 * the record goes to its topic's dead-letter topic with the reason, and processing continues.
 */
final class RecordRules {

    /** The key decides the partition, hence which instance holds the passage's state: it must be the passageId. */
    static void requireKeyIsPassageId(String key, String passageId) {
        if (key == null) {
            throw new InvalidRecordException("record has no key; the key must be the passageId");
        }
        if (!key.equals(passageId)) {
            throw new InvalidRecordException("record key '" + key + "' differs from passageId '" + passageId + "'");
        }
    }

    /** Ids are parts of store keys: they must be non-blank and free of the key separator U+0000. */
    static void requireId(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRecordException(field + " is blank");
        }
        if (value.indexOf(StoreKeys.SEPARATOR) >= 0) {
            throw new InvalidRecordException(field + " must not contain U+0000");
        }
    }

    /**
     * A graph with more edges than the configured maximum is refused: the one-to-one matching costs O(n^3) and
     * every node pair is compared, so one absurd record could hold a stream thread for minutes.
     */
    static void requireAtMostEdges(String what, int edges, int max) {
        if (edges > max) {
            throw new InvalidRecordException(what + " has " + edges + " edges, more than scorer.max.edges = " + max);
        }
    }

    /** A passage longer than the limit is refused: validation reads, splits and encodes all of its text. */

    private RecordRules() {
    }
}
