package io.causalstream.openai;

/**
 * What the server wrote for one prompt.
 *
 * @param text             the generated text (may be empty)
 * @param promptTokens     tokens of the prompt as the server counted them, or null when unknown
 * @param completionTokens tokens generated, or null when unknown
 * @param truncated        generation stopped at the max-token limit (finish_reason "length"): the end may be cut
 */
public record Completion(String text, Integer promptTokens, Integer completionTokens, boolean truncated) {

    public Completion {
        text = text == null ? "" : text;
    }
}
