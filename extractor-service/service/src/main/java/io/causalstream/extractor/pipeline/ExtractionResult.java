package io.causalstream.extractor.pipeline;

import io.causalstream.extractor.backend.ExtractionOutcome;
import java.time.Duration;

/** How the extraction of one passage ended. */
sealed interface ExtractionResult {

    record Success(ExtractionOutcome outcome, Duration latency) implements ExtractionResult {
    }

    record Failure(Throwable error) implements ExtractionResult {
    }
}
