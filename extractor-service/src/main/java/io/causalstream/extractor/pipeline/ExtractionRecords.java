package io.causalstream.extractor.pipeline;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import java.time.Duration;
import java.time.Instant;

/** Builds the {@code extractions} record of one passage from what the backend found. */
final class ExtractionRecords {

    /** Separates the model output from the parse problems in {@code rawOutput}. */
    static final String PROBLEMS_MARKER = "\n\n--- parse problems ---\n";

    /** The annotation id is the annotator id, so a re-extraction by the same backend replaces the previous one. */
    static Extraction of(String passageId, Annotator annotator, ExtractionOutcome outcome, Duration latency,
                         Instant createdAt) {
        return Extraction.newBuilder()
                .setPassageId(passageId)
                .setAnnotationId(annotator.getId())
                .setAnnotator(annotator)
                .setTriples(outcome.triples())
                .setRawOutput(rawOutput(outcome))
                .setLatencyMs(latency.toMillis())
                .setPromptTokens(outcome.promptTokens())
                .setCompletionTokens(outcome.completionTokens())
                .setCreatedAt(createdAt)
                .build();
    }

    /**
     * The model output, verbatim, followed by the parse problems one per line after {@link #PROBLEMS_MARKER}
     * (the Extraction schema has no field for them yet).
     */
    static String rawOutput(ExtractionOutcome outcome) {
        if (outcome.rawOutput() == null || outcome.problems().isEmpty()) {
            return outcome.rawOutput();
        }
        StringBuilder sb = new StringBuilder(outcome.rawOutput()).append(PROBLEMS_MARKER);
        for (ParseProblem p : outcome.problems()) {
            sb.append(p).append('\n');
        }
        return sb.toString().stripTrailing();
    }

    private ExtractionRecords() {
    }
}
