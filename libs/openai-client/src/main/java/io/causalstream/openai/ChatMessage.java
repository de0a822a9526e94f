package io.causalstream.openai;

import java.util.Objects;

/** One turn of a chat request: a role (system, user, assistant) and its text. */
public record ChatMessage(String role, String content) {

    public ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
    }

    public static ChatMessage user(String content) {
        return new ChatMessage("user", content);
    }
}
