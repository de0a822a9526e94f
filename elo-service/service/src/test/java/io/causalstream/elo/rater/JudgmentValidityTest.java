package io.causalstream.elo.rater;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.elo.rater.JudgmentValidity.Authors;
import io.causalstream.elo.rater.JudgmentValidity.Claim;
import io.causalstream.elo.rater.JudgmentValidity.Invalid;
import io.causalstream.elo.rater.JudgmentValidity.Reason;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The rules a judgment follows, the same for the rater API (an HTTP refusal) and the topology (a dead letter):
 * p1 has HumanA (by HumanA) and llama3 (by llama3).
 */
class JudgmentValidityTest {

    private static final Optional<Authors> P1 = Optional.of(new Authors("HumanA", "llama3"));

    private static Claim claim(String rater, String left, String right) {
        return new Claim("j1", "p1", rater, left, right);
    }

    private static Optional<Reason> reason(String key, Claim claim, Optional<Authors> authors) {
        return JudgmentValidity.check(key, claim, authors).map(Invalid::reason);
    }

    @Test
    void aWellFormedJudgmentOfTwoAnnotationsOfOthersMayCount() {
        assertThat(JudgmentValidity.check("p1", claim("Human1", "HumanA", "llama3"), P1)).isEmpty();
        // without the passage's annotations only the record is checked
        assertThat(JudgmentValidity.check("p1", claim("HumanA", "HumanA", "llama3"), Optional.empty())).isEmpty();
    }

    @Test
    void everyIdIsOneTo256CharactersNotBlankWithoutControlCharacters() {
        for (Claim c : new Claim[] {new Claim(null, "p1", "Human1", "HumanA", "llama3"),
                new Claim("j1", " ", "Human1", "HumanA", "llama3"), new Claim("j1", "p1", "", "HumanA", "llama3"),
                claim("Human1", null, "llama3"), claim("Human1", "HumanA", "x".repeat(257)),
                claim("Human1", "Human\u0000A", "llama3"), claim("Human1", "HumanA", "llama\n3")}) {
            assertThat(reason(c.passageId() == null ? "p1" : c.passageId(), c, P1)).as(c.toString())
                    .contains(Reason.MALFORMED);
        }
        assertThat(JudgmentValidity.check("p1", new Claim("j1", "p1", " ", "HumanA", "llama3"), P1)).get()
                .extracting(Invalid::message).isEqualTo("judgment j1: raterId is blank");
        assertThat(JudgmentValidity.check("p1", new Claim(" ", "p1", "Human1", "HumanA", "llama3"), P1)).get()
                .extracting(Invalid::message).isEqualTo("judgment without judgmentId: judgmentId is blank");
        assertThat(JudgmentValidity.check("p1", claim("Human1", "HumanA", "x".repeat(257)), P1)).get()
                .extracting(Invalid::message).asString().contains("right is longer than 256 characters");
        assertThat(JudgmentValidity.check("p1", claim("Human1", "HumanA", "x".repeat(256)), Optional.empty()))
                .isEmpty();
        assertThat(JudgmentValidity.check("p1", null, P1)).get().satisfies(i -> {
            assertThat(i.reason()).isEqualTo(Reason.MALFORMED);
            assertThat(i.message()).contains("empty judgment record").contains("'p1'");
        });
        assertThat(JudgmentValidity.validId("p1")).isTrue();
        assertThat(JudgmentValidity.validId("p\u0007")).isFalse();
    }

    @Test
    void keyedByItsPassageAndTwoDifferentAnnotations() {
        assertThat(JudgmentValidity.check("p2", claim("Human1", "HumanA", "llama3"), P1)).get().satisfies(i -> {
            assertThat(i.reason()).isEqualTo(Reason.KEY_MISMATCH);
            assertThat(i.message()).startsWith("judgment j1: record key 'p2' is not its passageId 'p1'");
        });
        assertThat(JudgmentValidity.check("p1", claim("Human1", "llama3", "llama3"), Optional.empty())).get()
                .satisfies(i -> {
                    assertThat(i.reason()).isEqualTo(Reason.SAME_ANNOTATION);
                    assertThat(i.message()).isEqualTo("judgment j1: left and right are the same annotation 'llama3'");
                });
    }

    @Test
    void bothAnnotationsExistAndTheRaterWroteNeitherIgnoringCase() {
        assertThat(JudgmentValidity.check("p1", claim("Human1", "HumanA", "gpt4"),
                Optional.of(new Authors("HumanA", null)))).get().satisfies(i -> {
                    assertThat(i.reason()).isEqualTo(Reason.UNKNOWN_ANNOTATION);
                    assertThat(i.message()).isEqualTo("judgment j1: right annotation 'gpt4' is not an annotation of "
                            + "passage 'p1' (no such extraction seen)");
                });
        assertThat(JudgmentValidity.check("p1", claim("humana", "llama3", "HumanA"),
                Optional.of(new Authors("llama3", "HumanA")))).get().satisfies(i -> {
                    assertThat(i.reason()).isEqualTo(Reason.OWN_ANNOTATION);
                    assertThat(i.message()).isEqualTo("judgment j1: rater 'humana' is the author of annotation "
                            + "'HumanA' of passage 'p1'; raters never rate their own annotation");
                });
        // a malformed record is refused for that before its annotations are looked at
        assertThat(reason("p1", claim(" ", "HumanA", "gpt4"), Optional.of(new Authors("HumanA", null))))
                .contains(Reason.MALFORMED);
    }
}
