package io.causalstream.research.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.validation.ValidationSettings.Lexicon;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule {@code validation-eval --choose} picks the reader's settings by. */
class ValidationChoiceTest {

    private static SignAudit.Result result(int gold, int flipped) {
        return new SignAudit.Result(10, 100, gold, flipped, 100, 0, 0, 0, List.of(), List.of());
    }

    private static ValidationEvalCommand.Trial trial(double sign, Lexicon lexicon, int gold, int flipped) {
        return new ValidationEvalCommand.Trial(sign, null, false, lexicon, false, result(gold, flipped));
    }

    @Test
    void theUpperBoundIsWilsonsOneSided95Percent() {
        // p = 2/27, z = 1.645: (p + z²/2n + z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n) = 0.2009
        assertThat(ValidationEvalCommand.upperBound(result(25, 2))).isCloseTo(0.2009, within(1e-4));
        // no wrong edge among 4 still bounds the share at 0.40
        assertThat(ValidationEvalCommand.upperBound(result(4, 0))).isCloseTo(0.4035, within(1e-4));
        assertThat(ValidationEvalCommand.upperBound(result(0, 0))).isNaN();
    }

    @Test
    void aShareMeasuredOnFewEdgesLosesToTheSameShareOnMore() {
        ValidationEvalCommand.Trial few = trial(0.9, Lexicon.REQUIRE, 13, 1);
        ValidationEvalCommand.Trial more = trial(0.7, Lexicon.VETO, 25, 2);

        assertThat(ValidationEvalCommand.pick(List.of(few, more))).isSameAs(more);
    }

    @Test
    void onATieTheSimplerSettingAndThenTheHigherThresholdWin() {
        ValidationEvalCommand.Trial withLexicon = trial(0.8, Lexicon.VETO, 25, 2);
        ValidationEvalCommand.Trial alone = trial(0.7, Lexicon.OFF, 25, 2);
        ValidationEvalCommand.Trial aloneHigher = trial(0.8, Lexicon.OFF, 25, 2);

        assertThat(ValidationEvalCommand.pick(List.of(withLexicon, alone, aloneHigher))).isSameAs(aloneHigher);
    }

    @Test
    void whenTheGoalIsReachedByTheBoundTheMostCorrectEdgesWin() {
        ValidationEvalCommand.Trial safest = trial(0.9, Lexicon.VETO, 400, 0);
        ValidationEvalCommand.Trial moreRight = trial(0.7, Lexicon.VETO, 900, 2);
        ValidationEvalCommand.Trial tooWrong = trial(0.5, Lexicon.VETO, 1000, 40);

        assertThat(ValidationEvalCommand.upperBound(moreRight.result())).isLessThan(0.02);
        assertThat(ValidationEvalCommand.pick(List.of(safest, moreRight, tooWrong))).isSameAs(moreRight);
        assertThat(ValidationEvalCommand.pick(List.of(trial(0.5, Lexicon.OFF, 0, 0)))).isNull();
    }

    @Test
    void semEvalsCountsPoolWithTheSignsOfTheValSplit() {
        // 40 Cause-Effect sentences: 30 read cause -> effect, 2 effect -> cause; 300 others, 5 linked
        SignAudit.Result semEval = new SignAudit.DirectionResult(40, 30, 2, 300, 5).asResult();
        SignAudit.Result pooled = result(25, 2).plus(semEval);

        assertThat(semEval.goldEdges()).isEqualTo(40);
        assertThat(semEval.goldValidated()).isEqualTo(30);
        assertThat(semEval.flippedValidated()).isEqualTo(7);
        assertThat(pooled.goldValidated()).isEqualTo(55);
        assertThat(pooled.flippedValidated()).isEqualTo(9);
        assertThat(pooled.wrongShare()).isCloseTo(9 / 64.0, within(1e-12));
    }
}
