package io.causalstream.extractor.prompt;

/**
 * The JSON schema of the answer, sent as OpenAI {@code response_format} (and understood by vLLM's guided decoding)
 * when the server offers structured output: the model can then only write well-formed triplets.
 */
public final class StructuredOutput {

    public static final String NAME = "causal_triplets";

    public static final String SCHEMA = """
            {"type": "object",
             "properties": {"triplets": {"type": "array", "items": {"type": "object",
                 "properties": {"subject": {"type": "string"}, "object": {"type": "string"},
                                "relation": {"type": "string", "enum": ["Positive", "Negative"]}},
                 "required": ["subject", "object", "relation"], "additionalProperties": false}}},
             "required": ["triplets"], "additionalProperties": false}""";

    private StructuredOutput() {
    }
}
