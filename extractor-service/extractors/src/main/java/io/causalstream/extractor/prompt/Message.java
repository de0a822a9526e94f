package io.causalstream.extractor.prompt;

import java.util.Objects;

/** One chat turn. Roles are those of the OpenAI chat API: system, user, assistant. */
public record Message(String role, String content) {

    public static final String SYSTEM = "system";
    public static final String USER = "user";
    public static final String ASSISTANT = "assistant";

    public Message {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
    }

    public static Message system(String content) {
        return new Message(SYSTEM, content);
    }

    public static Message user(String content) {
        return new Message(USER, content);
    }

    public static Message assistant(String content) {
        return new Message(ASSISTANT, content);
    }
}
