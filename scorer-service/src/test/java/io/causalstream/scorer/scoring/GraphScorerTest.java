package io.causalstream.scorer.scoring;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static io.causalstream.scorer.testing.Samples.extraction;
import static io.causalstream.scorer.testing.Samples.gold;
import static io.causalstream.scorer.testing.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class GraphScorerTest {

    @Test
    void buildsTheScoredGraphWithTheExactMeasure() {
        Extraction e = extraction("p1", "llama3", triple("rain", "flooding", INCREASE),
                triple("dams", "flooding", INCREASE), triple("tourism", "litter", INCREASE));
        GoldGraph g = gold("p1", "Human1", GoldOrigin.CURATED, triple("rain", "flooding", INCREASE),
                triple("dams", "flooding", DECREASE), triple("litter", "wildlife", DECREASE));

        ScoredGraph s = GraphScorer.defaults().score(e, g, Instant.ofEpochMilli(12_345));

        assertThat(s.getPassageId()).isEqualTo("p1");
        assertThat(s.getAnnotationId()).isEqualTo("llama3");
        assertThat(s.getAnnotator()).isEqualTo(e.getAnnotator());
        assertThat(s.getGoldAnnotationId()).isEqualTo("Human1");
        assertThat(s.getGoldOrigin()).isEqualTo(GoldOrigin.CURATED);
        assertThat(s.getEdges()).extracting(ScoredEdge::getTriple).containsExactlyElementsOf(e.getTriples());
        assertThat(s.getEdges()).allSatisfy(edge -> {
            assertThat(edge.getStrength()).isNull();
            assertThat(edge.getValidation()).isEqualTo(ValidationState.UNCHECKED);
            assertThat(edge.getStages()).isEmpty();
        });
        // TP rain->flooding, PP dams->flooding, FP tourism->litter, FN litter->wildlife:
        // f1 = (2 + 1) / (2 + 1 + 1 + 1) = 3/5; strict = 2 / (2 + 2 + 1 + 1) = 1/3.
        assertThat(s.getScores()).hasSize(1);
        MeasureScore m = s.getScores().get(0);
        assertThat(m.getMeasure()).isEqualTo("exact");
        assertThat(m.getThreshold()).isEqualTo(1.0);
        assertThat(new int[] {m.getTp(), m.getPp(), m.getFp(), m.getFn()}).containsExactly(1, 1, 1, 1);
        assertThat(m.getF1()).isCloseTo(3.0 / 5.0, within(1e-12));
        assertThat(m.getF1Strict()).isCloseTo(1.0 / 3.0, within(1e-12));
        assertThat(s.getAlignmentF1()).isNull();
        assertThat(s.getShareValidated()).isNull();
        assertThat(s.getMeanStrength()).isNull();
        assertThat(s.getScoredAt()).isEqualTo(Instant.ofEpochMilli(12_345));
    }
}
