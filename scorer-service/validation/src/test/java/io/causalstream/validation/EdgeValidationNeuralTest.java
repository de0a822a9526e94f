package io.causalstream.validation;

import io.causalstream.cesar.CesarSettings;
import static io.causalstream.validation.EdgeValidationTest.reason;
import static io.causalstream.validation.EdgeValidationTest.triple;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The validation as the scorer builds it from configuration: bundled MiniLM + bundled CESAR head. */
class EdgeValidationNeuralTest {

    private static EdgeValidation validation;

    @BeforeAll
    static void open() {
        validation = EdgeValidation.open(ValidationSettings.defaults(), CesarSettings.defaults());
    }

    @AfterAll
    static void close() {
        validation.close();
    }

    @Test
    void everyKeptEdgeGetsAStrengthAndTheGraphAMeanStrength() {
        ValidatedGraph graph = validation.validate(EdgeValidationTest.FISHERIES, List.of(
                triple("overfishing by industrial fleets", "decline", Direction.INCREASE),
                triple("overfishing by industrial fleets", "decline", Direction.INCREASE)));

        ValidatedEdge edge = graph.edges().getFirst();
        assertThat(edge.strength()).isBetween(0.0, 1.0);
        assertThat(reason(edge, Verdict.STRENGTH)).startsWith("CS(source [SEP] evidence -> target) = ");
        assertThat(graph.edges().get(1).strength()).isNull();
        assertThat(graph.meanStrength()).isEqualTo(edge.strength());
        assertThat(edge.stages()).extracting(Verdict::stage).containsExactly("grounding", "normalisation",
                "evidence", "strength", "verification");
    }

    @Test
    void paraphrasedNodesAreGroundedByEmbedding() {
        String passage = "Vehicle emissions pollute the air in large cities.";

        ValidatedEdge edge = validation.validate(passage, List.of(triple("car exhaust", "air pollution",
                Direction.INCREASE))).edges().getFirst();
        ValidatedEdge unrelated = validation.validate(passage, List.of(triple("stock market crash",
                "air pollution", Direction.INCREASE))).edges().getFirst();

        assertThat(reason(edge, Verdict.GROUNDING)).startsWith("source 'car exhaust' embedding (0.");
        assertThat(reason(unrelated, Verdict.GROUNDING)).startsWith("source 'stock market crash' not found");
        assertThat(edge.state()).isNotEqualTo(ValidationState.REJECTED);
    }

    @Test
    void passagesAboveTheSizeLimitAreGroundedLexicallyOnly() {
        String passage = "Vehicle emissions pollute the air in large cities.";
        ValidationSettings d = ValidationSettings.defaults();
        ValidationSettings cap = new ValidationSettings(d.neural(), d.fuzzyThreshold(), d.embeddingGrounding(),
                d.embeddingThreshold(), passage.length() - 1, d.mergeThreshold(), d.splitConjunctions(),
                d.evidenceWindow(), d.strengthThreshold(), d.evidenceConditionedStrength(), d.transitivityCheck(),
                d.verifierTries(), d.verifierMajority());
        try (EdgeValidation capped = EdgeValidation.open(cap, CesarSettings.defaults())) {
            ValidatedEdge edge = capped.validate(passage, List.of(triple("car exhaust", "air pollution",
                    Direction.INCREASE))).edges().getFirst();

            assertThat(reason(edge, Verdict.GROUNDING)).startsWith("source 'car exhaust' not found");
            assertThat(edge.strength()).isNotNull();
        }
    }
}
