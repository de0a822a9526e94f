package io.causalstream.validation.verify;

/**
 * Asks an outside judge (an LLM) whether a cause can result in an effect: the last check of edge validation and
 * the precision measure of WikiCausal. Implementations are thread-safe.
 *
 * <p>{@link #NONE} (the default) abstains, so validation and precision run without any LLM; plug a backend with
 * {@link MajorityVoteVerifier} around a {@link YesNoModel}.
 */
public interface CausalVerifier {

    VerifierVerdict verify(String cause, String effect);

    /** Whether a backend is configured (false for {@link #NONE}). */
    default boolean configured() {
        return true;
    }

    /** No backend: every question abstains. */
    CausalVerifier NONE = new CausalVerifier() {
        @Override
        public VerifierVerdict verify(String cause, String effect) {
            return VerifierVerdict.abstain("no LLM backend configured");
        }

        @Override
        public boolean configured() {
            return false;
        }
    };
}
