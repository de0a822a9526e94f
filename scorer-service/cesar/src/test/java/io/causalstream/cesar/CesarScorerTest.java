package io.causalstream.cesar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.encoder.FakeTokenEncoder;
import io.causalstream.encoder.TextPair;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CESAR through an encoder: [CLS]/[SEP] kept, segments split by token type, "C [SEP] A" concatenation. */
class CesarScorerTest {

    private static final float[][] IDENTITY = {{1, 0}, {0, 1}};

    private final FakeTokenEncoder encoder = new FakeTokenEncoder(Map.of(
            "[CLS]", new float[] {1, 0},
            "[SEP]", new float[] {0, 1},
            "fire", new float[] {1, 1},
            "burns", new float[] {1, -1},
            "rain", new float[] {0, 1}));
    private final CesarScorer scorer = new CesarScorer(encoder, CesarHead.withoutProjection("fake", IDENTITY,
            IDENTITY));

    @Test
    void keepsClsAndSepOnBothSides() {
        // C = [CLS](1,0) fire(1,1) [SEP](0,1); E = burns(1,-1) [SEP](0,1); Wq = Wk = I
        // logits [[1,0],[0,1],[-1,1]]; Z = 3e + 2 + 1/e
        // |cos| [[1/sqrt2, 0], [0, 1/sqrt2], [1/sqrt2, 1]]
        // CS = (e/sqrt2 + e/sqrt2 + (1/e)/sqrt2 + e) / Z = 0.648372
        CesarScorer.Explanation x = scorer.explain("fire", "burns");

        assertThat(x.causeTokens()).containsExactly("[CLS]", "fire", "[SEP]");
        assertThat(x.effectTokens()).containsExactly("burns", "[SEP]");
        assertThat(x.breakdown().score()).isCloseTo(0.6483723, within(1e-6));
        assertThat(scorer.strength("fire", "burns")).isCloseTo(0.6483723, within(1e-6));
    }

    @Test
    void concatenationPutsTheAdditionInTheCauseSegment() {
        String withSupporter = CesarScorer.concatenate("fire", "rain");

        CesarScorer.Explanation x = scorer.explain(withSupporter, "burns");

        assertThat(withSupporter).isEqualTo("fire [SEP] rain");
        assertThat(x.causeTokens()).containsExactly("[CLS]", "fire", "[SEP]", "rain", "[SEP]");
        assertThat(x.effectTokens()).containsExactly("burns", "[SEP]");
    }

    @Test
    void batchScoresAreInInputOrderAndComeFromOneEncoderCall() {
        double single = scorer.strength("fire", "burns");
        double other = scorer.strength("rain", "burns");
        int before = encoder.calls();

        double[] batch = scorer.strengths(List.of(new TextPair("rain", "burns"), new TextPair("fire", "burns")));

        assertThat(batch).containsExactly(new double[] {other, single}, within(1e-12));
        assertThat(encoder.calls() - before).isEqualTo(1);
        assertThat(other).isNotCloseTo(single, within(1e-3));
    }
}
