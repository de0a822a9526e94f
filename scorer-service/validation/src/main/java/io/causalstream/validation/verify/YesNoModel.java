package io.causalstream.validation.verify;

/**
 * The one thing {@link MajorityVoteVerifier} needs from a language model: the completion of a prompt. The
 * extractor service's OpenAI-compatible client (or its in-process DJL generator) fits behind this with a
 * one-line adapter; sampling must be on (temperature > 0) for repeated questions to be independent votes.
 */
@FunctionalInterface
public interface YesNoModel {

    /** The model's raw answer to {@code prompt}. Throwing counts as no answer. */
    String complete(String prompt) throws Exception;
}
