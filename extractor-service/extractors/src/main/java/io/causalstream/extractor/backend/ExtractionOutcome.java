package io.causalstream.extractor.backend;

import io.causalstream.extractor.parse.ParseProblem;
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
 */
public record ExtractionOutcome(List<Triple> triples, String rawOutput, Integer promptTokens,
                                Integer completionTokens, List<ParseProblem> problems, boolean cached) {

    public ExtractionOutcome {
        triples = List.copyOf(Objects.requireNonNull(triples, "triples"));
        problems = List.copyOf(Objects.requireNonNull(problems, "problems"));
        requireNotNegative(promptTokens, "promptTokens");
        requireNotNegative(completionTokens, "completionTokens");
    }

    public ExtractionOutcome(List<Triple> triples, String rawOutput, Integer promptTokens, Integer completionTokens) {
        this(triples, rawOutput, promptTokens, completionTokens, List.of(), false);
    }

    /** An outcome without model output or token counts, as the rule-based backend produces. */
    public static ExtractionOutcome of(List<Triple> triples) {
        return new ExtractionOutcome(triples, null, null, null);
    }

    private static void requireNotNegative(Integer value, String name) {
        if (value != null && value < 0) {
            throw new IllegalArgumentException(name + " must not be negative, got " + value);
        }
    }
}
