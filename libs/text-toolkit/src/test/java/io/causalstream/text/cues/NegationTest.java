package io.causalstream.text.cues;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NegationTest {

    @ParameterizedTest
    @ValueSource(strings = {"There is no evidence that vaccination ", "There is little scientific evidence that x ",
            "It is not true that x ", "Researchers rejected the claim that x ", "It is a myth that x ",
            "There is no clear indication that x "})
    void framesThatDenyTheClaimAfterThem(String before) {
        assertThat(Negation.denied(before)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"There is evidence that vaccination ", "Studies show that x ",
            "There is no evidence that vaccination causes autism, but poverty ", "Evidence suggests that x "})
    void framesThatDoNot(String before) {
        assertThat(Negation.denied(before)).isFalse();
    }

    @Test
    void aNegationRightBeforeTheCue() {
        assertThat(Negation.negates("X doesn't ")).isTrue();
        assertThat(Negation.negates("X doesn't lead to Y, but it ")).isFalse();
    }
}
