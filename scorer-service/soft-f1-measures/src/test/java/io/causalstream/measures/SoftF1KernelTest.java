package io.causalstream.measures;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.measures.bleu.BleuSimilarity;
import java.util.List;
import org.junit.jupiter.api.Test;

class SoftF1KernelTest {

    private final List<Edge> g1 = List.of(new Edge("rain", "flooding", INCREASE), new Edge("dams", "flooding", DECREASE));
    private final List<Edge> g2 = List.of(new Edge("heavy rain", "flooding", INCREASE));

    @Test
    void averagesBothDirectionsAndIsSymmetric() {
        // sacrebleu sentence BLEU: "rain" vs "heavy rain" = exp(1 - 2) = 0.37 (brevity), "heavy rain" vs "rain" =
        // 0.5 (unigram 1/2, bigram exp-smoothed 1/2): at T = 0.4 only g2 -> g1 matches, E* = 2/3; g1 -> g2 is 0.
        EdgeSetScorer bleu = new EdgeSetScorer(BleuSimilarity.sacrebleu(), 0.4);
        assertThat(bleu.score(g1, g2).f1Strict()).isZero();
        assertThat(bleu.score(g2, g1).f1Strict()).isEqualTo(2.0 / 3.0);
        SoftF1Kernel k = new SoftF1Kernel(bleu, SoftF1Kernel.Variant.STRICT);
        assertThat(k.k(g1, g2)).isEqualTo((0 + 2.0 / 3.0) / 2);
        assertThat(k.k(g2, g1)).isEqualTo(k.k(g1, g2));
    }

    @Test
    void aGraphWithItselfIsOne() {
        SoftF1Kernel k = new SoftF1Kernel(new EdgeSetScorer(new ExactMatch(), 1.0), SoftF1Kernel.Variant.F1);
        assertThat(k.k(g1, g1)).isEqualTo(1.0);
        assertThat(k.k(g1, List.of())).isZero();
    }
}
