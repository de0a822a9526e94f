package io.causalstream.extractor.pipeline;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import java.time.Duration;
import java.time.Instant;

/** Builds the {@code extractions} record of one passage from what the backend found. */
final class ExtractionRecords {

    /**
     * The annotation id is the annotator id, so a re-extraction by the same backend replaces the previous one. An
     * outcome that says which part of a combining backend produced it ({@link ExtractionOutcome#producedBy()}, the
     * cascade's path) is published with that description, under the backend's id all the same: the annotation id
     * never depends on the outcome.
     */
    static Extraction of(String passageId, Annotator annotator, ExtractionOutcome outcome, Duration latency,
                         Instant createdAt) {
        Annotator publishedAs = outcome.producedBy() == null ? annotator
                : Annotator.newBuilder(outcome.producedBy()).setId(annotator.getId()).build();
        return Extraction.newBuilder()
                .setPassageId(passageId)
                .setAnnotationId(annotator.getId())
                .setAnnotator(publishedAs)
                .setTriples(outcome.triples())
                .setRawOutput(outcome.rawOutput())
                .setParseProblems(outcome.problems().stream().map(ParseProblem::toString).toList())
                .setCached(outcome.cached())
                .setLatencyMs(latency.toMillis())
                .setPromptTokens(outcome.promptTokens())
                .setCompletionTokens(outcome.completionTokens())
                .setCreatedAt(createdAt)
                .build();
    }

    private ExtractionRecords() {
    }
}
