package io.causalstream.extractor.backend;

import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.Triple;
import java.util.List;
import java.util.Objects;

/**
 * What a backend found in one passage.
 *
 * @param triples          the causal edges, possibly none
 * @param rawOutput        the text the triples were parsed from (model output), or null when there is none
 * @param promptTokens     prompt tokens an LLM backend used, or null
 * @param completionTokens completion tokens an LLM backend produced, or null
 * @param problems         what the parser had to repair or drop in the model output (empty for rules)
 * @param cached           the model output came from the result cache: its tokens were not paid again
 * @param certainty        the probability, in [0, 1], that this extraction is right as a whole, or null when the
 *                         backend gives none; the cascade routes on it ({@code extractor.backend=cascade})
 * @param producedBy       who produced this outcome when a backend combines several (the cascade: its embedded
 *                         model or its LLM), or null for the backend's {@link Extractor#annotator()}. The pipeline
 *                         publishes it with the backend's annotator id, so the annotationId never depends on it
 */
public record ExtractionOutcome(List<Triple> triples, String rawOutput, Integer promptTokens,
                                Integer completionTokens, List<ParseProblem> problems, boolean cached,
                                Double certainty, Annotator producedBy) {

    public ExtractionOutcome {
        triples = List.copyOf(Objects.requireNonNull(triples, "triples"));
        problems = List.copyOf(Objects.requireNonNull(problems, "problems"));
        requireNotNegative(promptTokens, "promptTokens");
        requireNotNegative(completionTokens, "completionTokens");
        if (certainty != null && !(certainty >= 0 && certainty <= 1)) {
            throw new IllegalArgumentException("certainty must be in [0, 1], got " + certainty);
        }
    }

    public ExtractionOutcome(List<Triple> triples, String rawOutput, Integer promptTokens,
                             Integer completionTokens, List<ParseProblem> problems, boolean cached) {
        this(triples, rawOutput, promptTokens, completionTokens, problems, cached, null, null);
    }

    public ExtractionOutcome(List<Triple> triples, String rawOutput, Integer promptTokens, Integer completionTokens) {
        this(triples, rawOutput, promptTokens, completionTokens, List.of(), false);
    }

    /** An outcome without model output or token counts, as the rule-based backend produces. */
    public static ExtractionOutcome of(List<Triple> triples) {
        return new ExtractionOutcome(triples, null, null, null);
    }

    /** This outcome with the backend's certainty that it is right as a whole, in [0, 1]. */
    public ExtractionOutcome withCertainty(double certainty) {
        return new ExtractionOutcome(triples, rawOutput, promptTokens, completionTokens, problems, cached,
                certainty, producedBy);
    }

    /** This outcome with other triples (the same ones, their evidence spans moved). */
    public ExtractionOutcome withTriples(List<Triple> other) {
        return new ExtractionOutcome(other, rawOutput, promptTokens, completionTokens, problems, cached, certainty,
                producedBy);
    }

    /** This outcome, saying which of a combining backend's parts produced it. */
    public ExtractionOutcome withProducedBy(Annotator producer) {
        return new ExtractionOutcome(triples, rawOutput, promptTokens, completionTokens, problems, cached,
                certainty, Objects.requireNonNull(producer, "producer"));
    }

    private static void requireNotNegative(Integer value, String name) {
        if (value != null && value < 0) {
            throw new IllegalArgumentException(name + " must not be negative, got " + value);
        }
    }
}
