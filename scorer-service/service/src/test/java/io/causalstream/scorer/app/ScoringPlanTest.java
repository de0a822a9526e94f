package io.causalstream.scorer.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.runtime.Config;
import io.causalstream.measures.EdgeSetMeasure;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScoringPlanTest {

    @Test
    void neuralMeasuresAreLoadedOnlyWhenNamed() {
        Config plain = Config.of(Map.of("scorer.measures", "exact,rouge1"));
        assertThat(ScoringPlan.build(plain, ScorerSettings.from(plain)).measures())
                .extracting(EdgeSetMeasure::name).containsExactly("exact", "rouge1");

        Config neural = Config.of(Map.of("scorer.measures", "exact,minilm-cosine:0.8,minilm-bertscore"));
        assertThat(ScoringPlan.build(neural, ScorerSettings.from(neural)).measures())
                .extracting(EdgeSetMeasure::name).containsExactly("exact", "minilm-cosine", "minilm-bertscore");
    }
}
