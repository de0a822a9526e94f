package io.causalstream.text.cues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClauseChainTest {

    @Test
    void twoCausalClausesBetweenTheMentionsAreAChain() {
        // between "Drought" and "food prices"
        assertThat(ClauseChain.in(" reduces crop yields, and lower yields raise ")).contains("'reduces' ... 'raise'");
        // between "Higher interest rates" and "consumer spending"
        assertThat(ClauseChain.in(" reduce household borrowing, which lowers ")).contains("'reduce' ... 'lowers'");
        assertThat(ClauseChain.in(" causes floods. Floods reduce ")).contains("'causes' ... 'reduce'");
        assertThat(ClauseChain.in(" raises prices; higher prices reduce ")).isPresent();
    }

    @Test
    void oneClauseIsNoChain() {
        // one subject, two verbs: "Tourism raises incomes and lowers unemployment"
        assertThat(ClauseChain.in(" raises incomes and lowers ")).isEmpty();
        assertThat(ClauseChain.in(" reduces ")).isEmpty();
        assertThat(ClauseChain.in(" and ")).isEmpty();
        // "A, which is caused by B, increases C": the relative clause stands before the first cue
        assertThat(ClauseChain.in(", which is caused by pollution, increases ")).isEmpty();
    }

    @Test
    void aCallerMayAddCuesOfItsOwn() {
        String bridge = " affects wages, which shape ";
        assertThat(ClauseChain.in(bridge)).isEmpty();
        assertThat(ClauseChain.in(bridge, List.of(new ClauseChain.Found(1, 8, "affects"),
                new ClauseChain.Found(22, 27, "shape")))).contains("'affects' ... 'shape'");
    }
}
