package io.causalstream.measures.neural;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.encoder.FakeTokenEncoder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** BERTScore-style F and mean-pooled cosine on hand-made vectors (the fake encoder; no model). */
class GreedyTokenMatchTest {

    private final FakeTokenEncoder encoder = new FakeTokenEncoder(Map.of(
            "[CLS]", new float[] {0, 0, 1},
            "[SEP]", new float[] {0, 0, -1},
            "fish", new float[] {1, 0, 0},
            "stocks", new float[] {0, 1, 0},
            "fishing", new float[] {1, 1, 0}));

    @Test
    void greedyMatchingPrecisionRecallAndF() {
        // candidate {fish (1,0,0)}, reference {fish (1,0,0), stocks (0,1,0)}: P = 1, R = (1 + 0) / 2, F = 2/3
        assertThat(GreedyTokenMatch.f(new float[][] {{1, 0, 0}}, new float[][] {{1, 0, 0}, {0, 1, 0}}))
                .isCloseTo(2.0 / 3, within(1e-12));
        // candidate {fishing (1,1,0)} vs reference {fish, stocks}: P = 1/sqrt2, R = 1/sqrt2, F = 1/sqrt2
        assertThat(GreedyTokenMatch.f(new float[][] {{1, 1, 0}}, new float[][] {{1, 0, 0}, {0, 1, 0}}))
                .isCloseTo(1 / Math.sqrt(2), within(1e-12));
    }

    @Test
    void specialTokensAreLeftOutAndBlankLabelsScoreZero() {
        GreedyTokenMatch bertScore = new GreedyTokenMatch(encoder);

        // [CLS]/[SEP] would add two perfect matches if they were counted
        assertThat(bertScore.similarity("fish", "fish stocks")).isCloseTo(2.0 / 3, within(1e-9));
        assertThat(bertScore.similarity("fish stocks", "fish stocks")).isCloseTo(1.0, within(1e-9));
        assertThat(bertScore.similarity(" ", "fish")).isZero();
        assertThat(bertScore.name()).isEqualTo("fake-bertscore");
    }

    @Test
    void meanPooledCosineIncludesSpecialTokensAndIsClampedAtZero() {
        MeanPooledCosine cosine = new MeanPooledCosine(encoder);

        // mean("[CLS] fish [SEP]") = (1/3, 0, 0); mean("[CLS] stocks [SEP]") = (0, 1/3, 0): orthogonal
        assertThat(cosine.similarity("fish", "stocks")).isCloseTo(0.0, within(1e-9));
        // mean("[CLS] fish stocks [SEP]") = (1/4, 1/4, 0) vs (1/3, 0, 0): cos = 1/sqrt2
        assertThat(cosine.similarity("fish stocks", "fish")).isCloseTo(1 / Math.sqrt(2), within(1e-6));
    }

    @Test
    void preparedLabelsAreEncodedInOneBatchAndCached() {
        MeanPooledCosine cosine = new MeanPooledCosine(encoder);
        int before = encoder.calls();

        cosine.prepare(List.of("fish", "stocks", "fishing"));
        cosine.similarity("fish", "fishing");
        cosine.similarity("stocks", "fish");

        assertThat(encoder.calls() - before).isEqualTo(1);
    }
}
