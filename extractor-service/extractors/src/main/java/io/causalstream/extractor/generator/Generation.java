package io.causalstream.extractor.generator;

/**
 * What a model wrote for one prompt.
 *
 * @param text             the generated text (may be empty)
 * @param promptTokens     tokens of the prompt as the server counted them, or null when unknown
 * @param completionTokens tokens generated, or null when unknown
 * @param truncated        generation stopped at the max-token limit (finish_reason "length"): the end may be cut
 * @param cached           served from the result cache: no tokens were paid for it this time
 */
public record Generation(String text, Integer promptTokens, Integer completionTokens, boolean truncated,
                         boolean cached) {

    public Generation {
        text = text == null ? "" : text;
    }

    public Generation asCached() {
        return new Generation(text, promptTokens, completionTokens, truncated, true);
    }

    static Integer sum(Integer a, Integer b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : a + b;
    }
}
