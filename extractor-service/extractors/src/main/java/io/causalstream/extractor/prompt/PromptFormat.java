package io.causalstream.extractor.prompt;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The prompt formats of the soft-measures paper (appendices E and F), plus JSON for servers with structured output.
 * Each names its instruction resource under {@code prompts/} and the answer form it asks for.
 */
public enum PromptFormat {

    /**
     * Appendix E, in the exact wording of the released instruction-tuning data, for the fine-tuned models: answers
     * {@code <triplet> SRC <subj> relation <obj> TGT}.
     */
    TRIPLET_INSTRUCT("triplet-instruct", "triplet-instruct.txt", false, "Input Sentence: ", "Causal Relation Triples : "),
    /** Appendix F.1: tagged {@code <triplet><subj>..</subj><obj>..</obj><relation>..</relation></triplet>}. */
    ZERO_SHOT("zero-shot", "zero-shot.txt", false, "Input Sentence : ", "Causal Relation Triplet :\n"),
    /** Appendix F.2: the instruction and three worked examples, answers {@code <triplet> s <subj> o <obj> rel}. */
    THREE_SHOT("three-shot", "three-shot.txt", true, "Input Sentence : ", "Causal Relation Triplets : "),
    /** JSON {@code {"triplets":[{subject, object, relation}]}}, for structured output (JSON schema). */
    JSON("json", "json.txt", false, "Input Sentence: ", "");

    private final String id;
    private final String resource;
    private final boolean fewShot;
    private final String inputPrefix;
    private final String answerPrefix;

    PromptFormat(String id, String resource, boolean fewShot, String inputPrefix, String answerPrefix) {
        this.id = id;
        this.resource = resource;
        this.fewShot = fewShot;
        this.inputPrefix = inputPrefix;
        this.answerPrefix = answerPrefix;
    }

    /** The name in settings and in {@code Annotator.promptFormat}. */
    public String id() {
        return id;
    }

    String resource() {
        return resource;
    }

    public boolean fewShot() {
        return fewShot;
    }

    String inputPrefix() {
        return inputPrefix;
    }

    String answerPrefix() {
        return answerPrefix;
    }

    public static PromptFormat byId(String id) {
        for (PromptFormat f : values()) {
            if (f.id.equals(id.strip().toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown prompt format '" + id + "'; valid: " + ids());
    }

    public static String ids() {
        return Arrays.stream(values()).map(PromptFormat::id).collect(Collectors.joining(", "));
    }
}
