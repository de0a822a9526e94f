package io.causalstream.validation.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** WikiCausal's precision check: the exact prompt, 5 asks, "yes" by a majority of 3. */
class MajorityVoteVerifierTest {

    @Test
    void asksTheWikiCausalPromptFiveTimes() {
        List<String> prompts = new ArrayList<>();
        MajorityVoteVerifier verifier = new MajorityVoteVerifier(prompt -> {
            prompts.add(prompt);
            return "yes";
        });

        VerifierVerdict verdict = verifier.verify("earthquake", "tsunami");

        assertThat(prompts).hasSize(5).containsOnly("Definition: Answer the question with yes or no. Now complete "
                + "the following example - Input: Question: Could earthquake result in tsunami? Output:");
        assertThat(verdict.outcome()).isEqualTo(VerifierVerdict.Outcome.YES);
        assertThat(verdict.yes()).isEqualTo(5);
    }

    @Test
    void threeYesOfFiveIsAYesTwoIsANo() {
        assertThat(answers("Yes", " yes, it could", "no", "No.", "YES").verify("a", "b").outcome())
                .isEqualTo(VerifierVerdict.Outcome.YES);
        assertThat(answers("yes", "no", "no", "maybe", "yes").verify("a", "b").outcome())
                .isEqualTo(VerifierVerdict.Outcome.NO);
        // "yes" must start the answer, as in the script
        assertThat(answers("I think yes", "I think yes", "I think yes", "no", "no").verify("a", "b").outcome())
                .isEqualTo(VerifierVerdict.Outcome.NO);
    }

    @Test
    void aDeadBackendAbstainsAndFailedCallsCountAsNo() {
        MajorityVoteVerifier dead = new MajorityVoteVerifier(prompt -> {
            throw new IOException("connection refused");
        });
        VerifierVerdict verdict = dead.verify("a", "b");

        assertThat(verdict.outcome()).isEqualTo(VerifierVerdict.Outcome.ABSTAIN);
        assertThat(verdict.reason()).contains("connection refused");
        int[] call = {0};
        MajorityVoteVerifier flaky = new MajorityVoteVerifier(prompt -> {
            if (call[0]++ % 2 == 0) {
                throw new IOException("timeout");
            }
            return "yes";
        });
        assertThat(flaky.verify("a", "b").outcome()).isEqualTo(VerifierVerdict.Outcome.NO); // 2 yes of 5
        assertThat(CausalVerifier.NONE.verify("a", "b").outcome()).isEqualTo(VerifierVerdict.Outcome.ABSTAIN);
        assertThat(CausalVerifier.NONE.configured()).isFalse();
        assertThatThrownBy(() -> new MajorityVoteVerifier(p -> "yes", 5, 6))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static MajorityVoteVerifier answers(String... answers) {
        Iterator<String> it = List.of(answers).iterator();
        return new MajorityVoteVerifier(prompt -> it.next());
    }
}
