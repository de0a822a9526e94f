package io.causalstream.extractor.ingest;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;
import java.io.PrintStream;

/** Prints each record as one line of JSON (Avro's rendering) instead of publishing it: to check a file first. */
public final class DryRunPublisher implements Publisher {

    private final PrintStream out;

    public DryRunPublisher(PrintStream out) {
        this.out = out;
    }

    @Override
    public void passage(Passage passage) {
        out.println(passage);
    }

    @Override
    public void annotation(Extraction extraction) {
        out.println(extraction);
    }

    @Override
    public boolean dryRun() {
        return true;
    }

    @Override
    public long flush() {
        out.flush();
        return 0;
    }

    @Override
    public void close() {
        out.flush();
    }
}
