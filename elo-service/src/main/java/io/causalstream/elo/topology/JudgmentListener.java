package io.causalstream.elo.topology;

/**
 * Told what became of each judgment, for metrics. Called from stream threads; implementations must be thread-safe
 * and cheap. Counts are at-least-once: a task that aborts its transaction reprocesses, and is told again.
 */
@FunctionalInterface
public interface JudgmentListener {

    /** What the topology did with a judgment. */
    enum Verdict {
        /** Counted into the passage's tournament. */
        APPLIED,
        /** Its judgmentId was counted before; ignored. */
        DUPLICATE,
        /** Broke a rule; sent to the dead-letter topic. */
        INVALID
    }

    JudgmentListener NONE = verdict -> {
    };

    void judged(Verdict verdict);
}
