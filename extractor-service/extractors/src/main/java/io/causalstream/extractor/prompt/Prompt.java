package io.causalstream.extractor.prompt;

import java.util.List;

/**
 * A prompt as chat turns, ending with the user turn to answer. The chat endpoint sends the turns as they are (the
 * server applies its model's template); the completions endpoint and the in-process backend render them with a
 * {@link ChatTemplate} first.
 *
 * @param messages       the turns
 * @param format         the prompt format that built it, which tells the parser what to expect
 * @param structured     whether the answer should follow {@link StructuredOutput#SCHEMA}
 */
public record Prompt(List<Message> messages, PromptFormat format, boolean structured) {

    public Prompt {
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a prompt needs at least one message");
        }
    }

    /** Characters of all turns: a cheap stand-in for the token count before the server reports it. */
    public int characters() {
        return messages.stream().mapToInt(m -> m.content().length()).sum();
    }
}
