package io.causalstream.validation.verify;

/**
 * The one thing {@link MajorityVoteVerifier} needs from a language model: the completion of a prompt. The
 * project's OpenAI-compatible client fits behind this in {@link OpenAiYesNoModel} (an in-process generator would
 * need a one-line adapter). With sampling on (temperature > 0) repeated questions are independent votes; a
 * deterministic model (temperature 0, the default) gives one answer, which the verifier asks for once.
 */
@FunctionalInterface
public interface YesNoModel {

    /** The model's raw answer to {@code prompt}. Throwing counts as no answer. */
    String complete(String prompt) throws Exception;

    /** Whether the same prompt always gets the same answer (greedy decoding): then asking again tells nothing. */
    default boolean deterministic() {
        return false;
    }
}
