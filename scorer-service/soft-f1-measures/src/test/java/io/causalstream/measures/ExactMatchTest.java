package io.causalstream.measures;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExactMatchTest {

    private final ExactMatch exact = new ExactMatch();

    @Test
    void equalAfterTrimmingLowerCasingAndCollapsingWhitespace() {
        assertThat(exact.similarity("  Fish   Stocks ", "fish stocks")).isEqualTo(1.0);
        assertThat(exact.similarity("fish\tstocks\n", "FISH STOCKS")).isEqualTo(1.0);
        assertThat(exact.similarity("fish\u00A0stocks", "fish stocks")).isEqualTo(1.0); // no-break space
    }

    @Test
    void anyOtherDifferenceIsAMismatch() {
        assertThat(exact.similarity("fish stock", "fish stocks")).isEqualTo(0.0);
        assertThat(exact.similarity("fishstocks", "fish stocks")).isEqualTo(0.0);
        assertThat(exact.similarity("fish stocks.", "fish stocks")).isEqualTo(0.0);
        assertThat(exact.similarity("stocks fish", "fish stocks")).isEqualTo(0.0);
    }

    @Test
    void nameIsExact() {
        assertThat(exact.name()).isEqualTo("exact");
    }

    @Test
    void normalisationIsShared() {
        assertThat(NodeText.normalise("  Blue \n Mussels  ")).isEqualTo("blue mussels");
        assertThat(NodeText.normalise(null)).isEmpty();
    }
}
