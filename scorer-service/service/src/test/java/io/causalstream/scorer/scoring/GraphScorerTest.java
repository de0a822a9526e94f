package io.causalstream.scorer.scoring;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static io.causalstream.testkit.Samples.extraction;
import static io.causalstream.testkit.Samples.gold;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.StageVerdict;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.measures.catalog.MeasureCatalog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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

    @Test
    void everyConfiguredMeasureGivesOneScoreInOrder() {
        // "heavy rain" vs gold "rain": no exact match, but rouge1 F = 2/3 >= 0.6 (stems {heavi, rain} vs {rain}).
        Extraction e = extraction("p1", "llama3", triple("heavy rain", "flooding", INCREASE));
        GoldGraph g = gold("p1", "Human1", GoldOrigin.CURATED, triple("rain", "flooding", INCREASE));

        ScoredGraph s = GraphScorer.of("exact,rouge1:0.6,rouge1:0.7").score(e, g, Instant.EPOCH);

        assertThat(s.getScores()).extracting(MeasureScore::getMeasure).containsExactly("exact", "rouge1", "rouge1");
        assertThat(s.getScores()).extracting(MeasureScore::getThreshold).containsExactly(1.0, 0.6, 0.7);
        assertThat(s.getScores()).extracting(MeasureScore::getTp).containsExactly(0, 1, 0);
        assertThat(s.getScores()).extracting(MeasureScore::getF1).containsExactly(0.0, 1.0, 0.0);
    }

    @Test
    void hooksFillStrengthValidationAndAlignment() {
        Extraction e = extraction("p1", "llama3", triple("rain", "flooding", INCREASE),
                triple("dams", "flooding", INCREASE));
        GoldGraph g = gold("p1", "Human1", GoldOrigin.CURATED, triple("rain", "flooding", INCREASE));
        List<String> texts = new ArrayList<>();
        EdgeAssessor assessor = new EdgeAssessor() {
            @Override
            public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
                texts.add(passageText);
                StageVerdict grounded = StageVerdict.newBuilder().setStage("grounding").setPassed(true)
                        .setReason("both nodes occur in the passage").build();
                return List.of(new EdgeAssessment(0.8, ValidationState.VALIDATED, List.of(grounded)),
                        new EdgeAssessment(0.2, ValidationState.HYPOTHESIZED, List.of()));
            }

            @Override
            public boolean usesPassageText() {
                return true;
            }
        };
        GraphScorer scorer = GraphScorer.defaults().withHooks(assessor, (x, gold) -> 0.75);

        ScoredGraph s = scorer.score(e, g, "Rain causes flooding.", Instant.EPOCH);

        assertThat(scorer.usesPassageText()).isTrue();
        assertThat(texts).containsExactly("Rain causes flooding.");
        assertThat(s.getEdges()).extracting(ScoredEdge::getStrength).containsExactly(0.8, 0.2);
        assertThat(s.getEdges()).extracting(ScoredEdge::getValidation)
                .containsExactly(ValidationState.VALIDATED, ValidationState.HYPOTHESIZED);
        assertThat(s.getEdges().get(0).getStages()).hasSize(1);
        assertThat(s.getShareValidated()).isEqualTo(0.5);
        assertThat(s.getMeanStrength()).isEqualTo(0.5);
        assertThat(s.getAlignmentF1()).isEqualTo(0.75);
    }

    @Test
    void failingHooksAreContained() {
        Extraction e = extraction("p1", "llama3", triple("rain", "flooding", INCREASE));
        GoldGraph g = gold("p1", "Human1", GoldOrigin.CURATED, triple("rain", "flooding", INCREASE));
        EdgeAssessor throwing = (x, text) -> {
            throw new IllegalStateException("model not loaded");
        };
        EdgeAssessor wrongSize = (x, text) -> List.of();
        GraphAlignment failing = (x, gold) -> {
            throw new IllegalStateException("timeout");
        };

        for (EdgeAssessor a : List.of(throwing, wrongSize)) {
            ScoredGraph s = GraphScorer.defaults().withHooks(a, failing).score(e, g, null, Instant.EPOCH);
            // a failed validation is visible: state ERROR with the reason, never a silent UNCHECKED
            assertThat(s.getEdges()).extracting(ScoredEdge::getValidation).containsOnly(ValidationState.ERROR);
            assertThat(s.getEdges().get(0).getStages().get(0).getReason())
                    .containsAnyOf("model not loaded", "returned 0 assessments for 1 edges");
            assertThat(s.getQuality().getErrors()).isEqualTo(1);
            assertThat(s.getShareValidated()).isNull();
            assertThat(s.getAlignmentF1()).isNull();
            assertThat(s.getScores().get(0).getF1()).isEqualTo(1.0);
        }
    }

    @Test
    void emptyGraphs() {
        Extraction none = extraction("p1", "llama3");
        GoldGraph noGold = gold("p1", "Human1", GoldOrigin.CURATED);
        ScoredGraph both = GraphScorer.of(MeasureCatalog.DEFAULT_SPEC).score(none, noGold, Instant.EPOCH);
        assertThat(both.getScores()).extracting(MeasureScore::getF1).containsOnly(1.0);
        assertThat(both.getEdges()).isEmpty();
        ScoredGraph oneSide = GraphScorer.of(MeasureCatalog.DEFAULT_SPEC).score(none,
                gold("p1", "Human1", GoldOrigin.CURATED, triple("rain", "flooding", INCREASE)), Instant.EPOCH);
        assertThat(oneSide.getScores()).extracting(MeasureScore::getF1).containsOnly(0.0);
        assertThat(oneSide.getScores()).extracting(MeasureScore::getFn).containsOnly(1);
    }
}
