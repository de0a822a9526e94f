package io.causalstream.extractor.ingest;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;

/** Where the CLI sends records: Kafka, or standard output for a dry run. */
public interface Publisher extends AutoCloseable {

    void passage(Passage passage);

    void annotation(Extraction extraction);

    /** Waits until everything sent is acknowledged; returns how many records failed. */
    long flush();

    /** Why each failed record failed, one line per record naming it (at most {@link #MAX_REASONS}). */
    default java.util.List<String> failures() {
        return java.util.List.of();
    }

    /** Whether records are only shown, not published. */
    default boolean dryRun() {
        return false;
    }

    /** Failure lines kept; the count of failures is always exact. */
    int MAX_REASONS = 20;

    @Override
    void close();
}
