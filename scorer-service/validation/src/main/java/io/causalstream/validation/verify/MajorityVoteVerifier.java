package io.causalstream.validation.verify;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * WikiCausal's LLM check (section 4.2, {@code scripts/precision.py}): the instruction prompt "Could {cause}
 * result in {effect}?" asked {@code tries} times (5), the pair accepted when at least {@code majority} (3)
 * answers, stripped and lower-cased, start with "yes". When every call fails the verdict abstains instead of
 * saying no: an unreachable backend is not evidence against an edge.
 */
public final class MajorityVoteVerifier implements CausalVerifier {

    private static final Logger LOG = LoggerFactory.getLogger(MajorityVoteVerifier.class);

    private final YesNoModel model;
    private final int tries;
    private final int majority;

    public MajorityVoteVerifier(YesNoModel model, int tries, int majority) {
        if (tries < 1 || majority < 1 || majority > tries) {
            throw new IllegalArgumentException("need 1 <= majority <= tries, got " + majority + " of " + tries);
        }
        this.model = model;
        this.tries = tries;
        this.majority = majority;
    }

    /** Five questions, majority of three, as WikiCausal does. */
    public MajorityVoteVerifier(YesNoModel model) {
        this(model, 5, 3);
    }

    /** The exact prompt of WikiCausal's precision script ({@code generate_instruction_prompt}). */
    public static String prompt(String cause, String effect) {
        return "Definition: Answer the question with yes or no. "
                + "Now complete the following example - "
                + "Input: Question: Could " + cause + " result in " + effect + "? Output:";
    }

    @Override
    public VerifierVerdict verify(String cause, String effect) {
        String prompt = prompt(cause, effect);
        if (model.deterministic()) {
            return askOnce(prompt, cause, effect);
        }
        int yes = 0;
        int answered = 0;
        String lastError = null;
        for (int i = 0; i < tries; i++) {
            try {
                String answer = model.complete(prompt);
                answered++;
                if (answer != null && answer.strip().toLowerCase(java.util.Locale.ROOT).startsWith("yes")) {
                    yes++;
                }
            } catch (Exception e) {
                lastError = e.getMessage();
                LOG.debug("verifier call failed: {}", e.toString());
            }
        }
        if (answered == 0) {
            return VerifierVerdict.abstain(VerifierVerdict.BACKEND_FAILED + " on all " + tries + " questions: " + lastError);
        }
        return verdict(yes, cause, effect, "LLM");
    }

    /**
     * A deterministic model would answer the {@code tries} questions identically: one call stands for all of them
     * (same outcome as asking {@code tries} times, a fifth of the calls).
     */
    private VerifierVerdict askOnce(String prompt, String cause, String effect) {
        try {
            String answer = model.complete(prompt);
            boolean yes = answer != null && answer.strip().toLowerCase(java.util.Locale.ROOT).startsWith("yes");
            return verdict(yes ? tries : 0, cause, effect, "LLM (deterministic, asked once)");
        } catch (Exception e) {
            LOG.debug("verifier call failed: {}", e.toString());
            return VerifierVerdict.abstain(VerifierVerdict.BACKEND_FAILED + ": " + e.getMessage());
        }
    }

    private VerifierVerdict verdict(int yes, String cause, String effect, String who) {
        boolean accepted = yes >= majority;
        String reason = String.format(who + ": %d of %d answers yes to \"Could %s result in %s?\" (needs %d)", yes,
                tries, cause, effect, majority);
        return new VerifierVerdict(accepted ? VerifierVerdict.Outcome.YES : VerifierVerdict.Outcome.NO, yes, tries,
                reason);
    }
}
