package io.causalstream.extractor.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The optional certainty and producer of an outcome, beside the constructors every backend already calls. */
class ExtractionOutcomeTest {

    private static final List<Triple> ONE = List.of(new Triple("drought", "yields", Direction.DECREASE, List.of(),
            null));

    @Test
    void theExistingConstructorsGiveNoCertaintyAndNoProducer() {
        ExtractionOutcome rules = ExtractionOutcome.of(ONE);
        ExtractionOutcome llm = new ExtractionOutcome(ONE, "raw", 10, 5, List.of(new ParseProblem(
                ParseProblem.Kind.NODE_NOT_IN_TEXT, "x")), true);
        assertThat(rules.certainty()).isNull();
        assertThat(rules.producedBy()).isNull();
        assertThat(llm.certainty()).isNull();
        assertThat(llm.producedBy()).isNull();
    }

    @Test
    void withCertaintyKeepsEverythingElseAndChecksTheRange() {
        ExtractionOutcome o = new ExtractionOutcome(ONE, "raw", 10, 5, List.of(), true);
        ExtractionOutcome sure = o.withCertainty(0.75);
        assertThat(sure.certainty()).isEqualTo(0.75);
        assertThat(sure).usingRecursiveComparison().ignoringFields("certainty").isEqualTo(o);
        assertThat(o.withCertainty(0).certainty()).isZero();
        assertThat(o.withCertainty(1).certainty()).isEqualTo(1.0);
        for (double bad : new double[] {-0.01, 1.01, Double.NaN}) {
            assertThatThrownBy(() -> o.withCertainty(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("certainty must be in [0, 1], got " + bad);
        }
    }

    @Test
    void withProducedByKeepsTheCertainty() {
        Annotator part = new Annotator("x", AnnotatorKind.MODEL, "embedded:head", null);
        ExtractionOutcome o = ExtractionOutcome.of(ONE).withCertainty(0.4).withProducedBy(part);
        assertThat(o.producedBy()).isEqualTo(part);
        assertThat(o.certainty()).isEqualTo(0.4);
        assertThat(o.triples()).isEqualTo(ONE);
    }
}
