package io.causalstream.measures;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DirectionWordsTest {

    @Test
    void wordsInAnyCase() {
        for (String w : new String[] {"increase", "Increase", " INCREASE ", "positive", "Positive", "+", "increased"}) {
            assertThat(DirectionWords.parse(w)).as(w).contains(INCREASE);
        }
        for (String w : new String[] {"decrease", "Decrease", "negative", "Negative", "-", "\u2212", "down"}) {
            assertThat(DirectionWords.parse(w)).as(w).contains(DECREASE);
        }
    }

    @Test
    void unknownWordsAreEmpty() {
        assertThat(DirectionWords.parse("tokens.")).isEmpty();
        assertThat(DirectionWords.parse("")).isEmpty();
        assertThat(DirectionWords.parse(null)).isEmpty();
        assertThat(new RawEdge("a", "b", "sideways").toEdge().direction()).isNull();
    }
}
