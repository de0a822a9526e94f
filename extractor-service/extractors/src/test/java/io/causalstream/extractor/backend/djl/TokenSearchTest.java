package io.causalstream.extractor.backend.djl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Decoding over a hand-made bigram model: 0 = stop, logits chosen so greedy and beam search disagree. */
class TokenSearchTest {

    private static final long STOP = 0;

    /** From 1: token 2 (p 0.6) or 3 (p 0.4). From 2: four tokens at 0.25 each. From 3: stop for sure. */
    private static final NextTokenModel TRAP = tokens -> {
        long last = tokens[tokens.length - 1];
        float[] l = new float[8];
        java.util.Arrays.fill(l, -50f);
        if (last == 1) {
            l[2] = (float) Math.log(0.6);
            l[3] = (float) Math.log(0.4);
        } else if (last == 2) {
            l[4] = l[5] = l[6] = l[7] = 0f;
        } else if (last == 3) {
            l[(int) STOP] = 0f;
        } else {
            l[(int) STOP] = 0f;
        }
        return l;
    };

    @Test
    void greedyTakesTheLocallyBestToken() {
        TokenSearch.Result r = TokenSearch.greedy(TRAP, new long[] {1}, 10, Set.of(STOP));
        // 1 -> 2 (0.6) -> 4 (0.25, the first of four equal) -> stop
        assertThat(r.tokens()).containsExactly(2, 4);
        assertThat(r.truncated()).isFalse();
    }

    @Test
    void beamSearchFindsTheLikelierSequence() {
        // "3 stop": 0.4 * 1.0 = 0.4; "2 x stop": 0.6 * 0.25 = 0.15
        TokenSearch.Result r = TokenSearch.beam(TRAP, new long[] {1}, 10, Set.of(STOP), 2);
        assertThat(r.tokens()).containsExactly(3);
        assertThat(r.truncated()).isFalse();
    }

    @Test
    void theTokenLimitTruncates() {
        NextTokenModel neverStops = tokens -> new float[] {-10f, 0f};
        TokenSearch.Result r = TokenSearch.greedy(neverStops, new long[] {1}, 5, Set.of(STOP));
        assertThat(r.tokens()).containsExactly(1, 1, 1, 1, 1);
        assertThat(r.truncated()).isTrue();
        assertThat(TokenSearch.beam(neverStops, new long[] {1}, 3, Set.of(STOP), 2).truncated()).isTrue();
    }

    @Test
    void logSoftmaxIsNormalised() {
        double[] lp = TokenSearch.logSoftmax(new float[] {1f, 2f, 3f});
        assertThat(Math.exp(lp[0]) + Math.exp(lp[1]) + Math.exp(lp[2])).isCloseTo(1.0,
                org.assertj.core.api.Assertions.within(1e-12));
        assertThat(TokenSearch.argmax(new float[] {0.1f, 0.7f, 0.2f})).isEqualTo(1);
    }
}
