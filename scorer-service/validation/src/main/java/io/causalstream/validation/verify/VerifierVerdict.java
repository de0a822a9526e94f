package io.causalstream.validation.verify;

/**
 * The answer of a {@link CausalVerifier} about one (cause, effect) pair.
 *
 * @param outcome YES, NO, or ABSTAIN (no backend, or the backend failed)
 * @param yes     "yes" answers received
 * @param asked   questions asked
 * @param reason  for the stage verdict
 */
public record VerifierVerdict(Outcome outcome, int yes, int asked, String reason) {

    public enum Outcome { YES, NO, ABSTAIN }

    /** How an abstention because the LLM server could not be reached starts: metrics count edges by it. */
    public static final String BACKEND_FAILED = "LLM backend failed";

    public static VerifierVerdict abstain(String reason) {
        return new VerifierVerdict(Outcome.ABSTAIN, 0, 0, reason);
    }
}
