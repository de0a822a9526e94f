package io.causalstream.elo.topology;

/**
 * Told what became of each judgment and each Bradley-Terry refit, for metrics. Called from stream threads;
 * implementations must be thread-safe and cheap. Counts are at-least-once: a task that aborts its transaction
 * reprocesses, and is told again.
 */
public interface JudgmentListener {

    /** What the topology did with a judgment. */
    enum Verdict {
        /** Counted into the passage's tournament. */
        APPLIED,
        /** Its judgmentId was counted before; ignored. */
        DUPLICATE,
        /** Broke a rule or could not be decoded; sent to the dead-letter topic. */
        INVALID
    }

    /** Why a judgment was not counted; {@link #NONE} for counted ones and duplicates. */
    enum Reason {
        NONE,
        /** Bytes that are not a Judgment. */
        UNDECODABLE,
        /** A required id is blank or contains NUL. */
        MALFORMED,
        /** The record key is not the judgment's passageId. */
        KEY_MISMATCH,
        /** Left and right are the same annotation. */
        SAME_ANNOTATION,
        /** An annotation the passage does not have (or a passage without annotations). */
        UNKNOWN_ANNOTATION,
        /** The rater wrote one of the two annotations. */
        OWN_ANNOTATION
    }

    JudgmentListener NONE = (verdict, reason) -> {
    };

    void judged(Verdict verdict, Reason reason);

    /**
     * A judgment was counted.
     *
     * @param lagMillis       wall-clock time at processing minus the record's timestamp (when it was produced)
     * @param processingNanos time spent counting it
     */
    default void applied(long lagMillis, long processingNanos) {
    }

    /** A passage's Bradley-Terry ratings were refitted. */
    default void refitted(int players, long nanos) {
    }
}
