package io.causalstream.text.cues;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RelativeChainTest {

    @Test
    void aRelativeClauseAfterADecreaseFlipsTheLiteralSign() {
        assertThat(RelativeChain.flips("Stricter emission standards curb urban air ", ", which lowers hospital "))
                .isTrue();
        assertThat(RelativeChain.flips("Higher interest rates reduce household ", ", which lowers consumer "))
                .isTrue();
    }

    @Test
    void anIncreaseOrAnUnsignedCueBeforeKeepsIt() {
        assertThat(RelativeChain.flips("Subsidies raise farm ", ", which lowers rural ")).isFalse();
        assertThat(RelativeChain.flips("Drought leads to crop ", ", which raises food ")).isFalse();
    }

    @Test
    void aChangeWordDownAfterTheCueCountsAsADecrease() {
        assertThat(RelativeChain.previousClauseDecreases("Drought leads to reduced ")).isTrue();
        // reduces ... lower: down twice is up
        assertThat(RelativeChain.previousClauseDecreases("Automation reduces lower ")).isFalse();
    }

    @Test
    void onlyANonRestrictiveRelativeClauseChains() {
        assertThat(RelativeChain.opens(", which lowers ")).isTrue();
        assertThat(RelativeChain.opens(" , that in turn lowers ")).isTrue();
        assertThat(RelativeChain.opens(" lowers ")).isFalse();
        assertThat(RelativeChain.flips("Stricter standards curb ", " lowers ")).isFalse();
    }

    @Test
    void theLastClauseDecidesAndANegatedClauseSaysNothing() {
        // the decrease is in an earlier clause; the clause that holds the cause raises it
        assertThat(RelativeChain.previousClauseDecreases("Taxes cut demand; subsidies raise farm ")).isFalse();
        assertThat(RelativeChain.previousClauseDecreases("Standards do not curb urban air ")).isFalse();
        assertThat(RelativeChain.previousClauseDecreases("There is no evidence that standards curb ")).isFalse();
    }
}
