package io.causalstream.extractor.ingest;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;

/** Where the CLI sends records: Kafka, or standard output for a dry run. */
public interface Publisher extends AutoCloseable {

    void passage(Passage passage);

    void annotation(Extraction extraction);

    /** Waits until everything sent is acknowledged; returns how many records failed. */
    long flush();

    @Override
    void close();
}
