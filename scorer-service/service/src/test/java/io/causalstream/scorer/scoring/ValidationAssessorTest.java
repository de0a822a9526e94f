package io.causalstream.scorer.scoring;

import io.causalstream.validation.verify.AnswerBook;
import io.causalstream.validation.ValidationSettings;
import io.causalstream.validation.EdgeValidation;
import io.causalstream.validation.StrengthModel;

import static io.causalstream.validation.EdgeValidationTest.COMPENSATION;
import static io.causalstream.validation.EdgeValidationTest.triple;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.StageVerdict;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.scoring.EdgeAssessment;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Validation as the scorer's per-edge hook: one assessment per extracted triple, split triples folded back. */
class ValidationAssessorTest {

    private final ValidationAssessor assessor = new ValidationAssessor(
            new EdgeValidation(ValidationSettings.defaults(), null, null, null));

    /** Validated together (one strength batch) or one by one: the same assessments. */
    @Test
    void assessingSeveralExtractionsTogetherGivesWhatEachGivesAlone() {
        Extraction split = extraction(triple("ecological and social compensation measures",
                "overall acceptance of a local infrastructure", Direction.INCREASE));
        Extraction reversed = extraction(triple("overall acceptance of a local infrastructure",
                "compensation measures", Direction.DECREASE), triple("tourism", "litter", Direction.INCREASE));
        ValidationAssessor fresh = new ValidationAssessor(
                new EdgeValidation(ValidationSettings.defaults(), null, null, null));

        List<List<EdgeAssessment>> together = fresh.assessAll(List.of(split, reversed), COMPENSATION);

        assertThat(together).containsExactly(assessor.assess(split, COMPENSATION),
                assessor.assess(reversed, COMPENSATION));
    }

    @Test
    void aSplitTripleWhosePartsAgreeKeepsTheirStateAndListsEveryPartsVerdicts() {
        List<EdgeAssessment> out = assessor.assess(extraction(
                triple("ecological and social compensation measures", "overall acceptance of a local infrastructure",
                        Direction.INCREASE)), COMPENSATION);

        assertThat(out).hasSize(1);
        EdgeAssessment a = out.getFirst();
        assertThat(a.validation()).isEqualTo(ValidationState.VALIDATED);
        assertThat(a.strength()).isNull();
        // five stages minus strength (no model here), for each of the two parts
        assertThat(a.stages()).extracting(StageVerdict::getStage).containsExactly(
                "grounding", "normalisation", "evidence", "verification",
                "grounding", "normalisation", "evidence", "verification");
        assertThat(a.stages().get(0).getReason()).startsWith("[ecological compensation measures -> overall "
                + "acceptance of a local infrastructure: VALIDATED] source 'ecological compensation measures' stemmed");
        assertThat(a.stages().get(4).getReason()).startsWith("[social compensation measures -> ");
    }

    @Test
    void partsThatDisagreeMakeTheTripleHypothesized() {
        List<EdgeAssessment> out = assessor.assess(extraction(
                triple("social compensation measures and tourism", "overall acceptance of a local infrastructure",
                        Direction.INCREASE),
                triple("overall acceptance of a local infrastructure",
                        "anchoring the latter within the surrounding community", Direction.INCREASE)), COMPENSATION);

        assertThat(out).extracting(EdgeAssessment::validation)
                .containsExactly(ValidationState.HYPOTHESIZED, ValidationState.VALIDATED);
        assertThat(out.getFirst().stages()).extracting(StageVerdict::getReason)
                .anyMatch(r -> r.startsWith("[tourism -> overall acceptance of a local infrastructure: REJECTED]"));
        assertThat(out.get(1).stages()).extracting(StageVerdict::getReason).noneMatch(r -> r.startsWith("["));
    }

    @Test
    void withoutThePassageTextEveryEdgeStaysUnchecked() {
        Extraction x = extraction(triple("rain", "floods", Direction.INCREASE), triple("dams", "floods",
                Direction.DECREASE));

        assertThat(assessor.assess(x, null)).containsExactly(EdgeAssessment.UNCHECKED, EdgeAssessment.UNCHECKED);
        assertThat(assessor.usesPassageText()).isTrue();
    }

    /** A gold change re-scores every extraction of the passage: validation must not run again for it. */
    @Test
    void theSameTextAndTriplesAreValidatedOnce() {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        StrengthModel counting = pairs -> {
            calls.incrementAndGet();
            return pairs.stream().mapToDouble(p -> 0.6).toArray();
        };
        ValidationAssessor cached = new ValidationAssessor(
                new EdgeValidation(ValidationSettings.defaults(), null, counting, null), AnswerBook.NONE, 1);
        Extraction x = extraction(triple("social compensation measures", "overall acceptance of a local "
                + "infrastructure", Direction.INCREASE));

        List<EdgeAssessment> first = cached.assess(x, COMPENSATION);
        assertThat(cached.assess(x, COMPENSATION)).isEqualTo(first);
        assertThat(calls).hasValue(1);
        assertThat(first.getFirst().strength()).isEqualTo(0.6);

        cached.assess(x, COMPENSATION + " More text.");   // another text: validated, and evicts the first (size 1)
        cached.assess(x, COMPENSATION);
        assertThat(calls).hasValue(3);
    }

    private static Extraction extraction(Triple... triples) {
        return Extraction.newBuilder().setPassageId("p1").setAnnotationId("llama3")
                .setAnnotator(Annotator.newBuilder().setId("llama3").setKind(AnnotatorKind.MODEL).build())
                .setTriples(List.of(triples)).setCreatedAt(Instant.EPOCH).build();
    }
}
