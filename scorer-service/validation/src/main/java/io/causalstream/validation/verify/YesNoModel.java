package io.causalstream.validation.verify;

/**
 * The one thing {@link MajorityVoteVerifier} needs from a language model: the completion of a prompt. The
 * project's OpenAI-compatible client fits behind this in {@link OpenAiYesNoModel} (an in-process generator would
 * need a one-line adapter); sampling must be on (temperature > 0) for repeated questions to be independent votes.
 */
@FunctionalInterface
public interface YesNoModel {

    /** The model's raw answer to {@code prompt}. Throwing counts as no answer. */
    String complete(String prompt) throws Exception;
}
