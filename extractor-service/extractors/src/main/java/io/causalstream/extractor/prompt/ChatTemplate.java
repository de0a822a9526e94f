package io.causalstream.extractor.prompt;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Renders chat turns into the single string a completions endpoint or an in-process model reads, in the template
 * the model was trained with (appendix E): Llama-2/Mistral {@code [INST]} or Llama-3 headers. The rendered text
 * ends where the model's answer begins.
 */
public enum ChatTemplate {

    /** Llama-2-chat and Mistral-Instruct: {@code <s>[INST] system\nuser [/INST] answer </s>[INST] ...}. */
    INST("inst") {
        @Override
        public String render(List<Message> messages) {
            StringBuilder sb = new StringBuilder("<s>");
            String pendingSystem = null;
            for (Message m : messages) {
                switch (m.role()) {
                    case Message.SYSTEM -> pendingSystem = m.content();
                    case Message.USER -> {
                        sb.append("[INST] ");
                        if (pendingSystem != null) {
                            sb.append(pendingSystem).append('\n');
                            pendingSystem = null;
                        }
                        sb.append(m.content()).append(" [/INST]");
                    }
                    default -> sb.append('\n').append(m.content()).append(" </s>");
                }
            }
            return sb.toString();
        }
    },
    /** Llama-3-Instruct header tokens. */
    LLAMA3("llama3") {
        @Override
        public String render(List<Message> messages) {
            StringBuilder sb = new StringBuilder("<|begin_of_text|>");
            for (Message m : messages) {
                sb.append("<|start_header_id|>").append(m.role()).append("<|end_header_id|>\n\n")
                        .append(m.content()).append("<|eot_id|>");
            }
            return sb.append("<|start_header_id|>assistant<|end_header_id|>\n\n").toString();
        }
    },
    /** No special tokens, for base models and tests: turns separated by blank lines. */
    PLAIN("plain") {
        @Override
        public String render(List<Message> messages) {
            return messages.stream().map(Message::content).collect(Collectors.joining("\n\n")) + "\n\n";
        }
    };

    private final String id;

    ChatTemplate(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public abstract String render(List<Message> messages);

    public static ChatTemplate byId(String id) {
        for (ChatTemplate t : values()) {
            if (t.id.equals(id.strip().toLowerCase(Locale.ROOT))) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown chat template '" + id + "'; valid: "
                + Arrays.stream(values()).map(ChatTemplate::id).collect(Collectors.joining(", ")));
    }
}
