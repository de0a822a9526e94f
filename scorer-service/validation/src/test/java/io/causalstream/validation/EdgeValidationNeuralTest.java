package io.causalstream.validation;

import io.causalstream.extractor.backend.model.TunedReader;
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

/**
 * The validation as the scorer builds it from configuration: the shipped tuned extractor model as the reader (its
 * encoder grounds by embedding too), with the bundled CESAR head switched on.
 */
class EdgeValidationNeuralTest {

    private static EdgeValidation validation;

    @BeforeAll
    static void open() {
        validation = EdgeValidation.open(ValidationSettings.defaults().withStrength(true), CesarSettings.defaults());
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
        // the stages before the reader ground on CESAR's encoder, whose token vectors keep paraphrases close; the
        // tuned reader's encoder scores "car exhaust" 0.48 against this sentence (docs/validation.md)
        try (EdgeValidation beforeReader = EdgeValidation.open(ValidationSettings.defaults().lexicalSign(),
                CesarSettings.defaults())) {
            ValidatedEdge edge = beforeReader.validate(passage, List.of(triple("car exhaust", "air pollution",
                    Direction.INCREASE))).edges().getFirst();
            ValidatedEdge unrelated = beforeReader.validate(passage, List.of(triple("stock market crash",
                    "air pollution", Direction.INCREASE))).edges().getFirst();

            assertThat(reason(edge, Verdict.GROUNDING)).startsWith("source 'car exhaust' embedding (0.");
            assertThat(reason(unrelated, Verdict.GROUNDING)).startsWith("source 'stock market crash' not found");
            assertThat(edge.state()).isNotEqualTo(ValidationState.REJECTED);
        }
        assertThat(reason(validation.validate(passage, List.of(triple("stock market crash", "air pollution",
                Direction.INCREASE))).edges().getFirst(), Verdict.GROUNDING))
                .startsWith("source 'stock market crash' not found");
    }

    @Test
    void passagesAboveTheSizeLimitAreGroundedLexicallyOnly() {
        String passage = "Vehicle emissions pollute the air in large cities.";
        ValidationSettings d = ValidationSettings.defaults();
        ValidationSettings cap = new ValidationSettings(d.neural(), d.fuzzyThreshold(), d.embeddingGrounding(),
                d.embeddingThreshold(), passage.length() - 1, d.mergeThreshold(), d.splitConjunctions(),
                d.evidenceWindow(), d.strengthThreshold(), d.evidenceConditionedStrength(), d.transitivityCheck(),
                d.verifierTries(), d.verifierMajority()).withStrength(true);
        try (EdgeValidation capped = EdgeValidation.open(cap, CesarSettings.defaults())) {
            ValidatedEdge edge = capped.validate(passage, List.of(triple("car exhaust", "air pollution",
                    Direction.INCREASE))).edges().getFirst();

            assertThat(reason(edge, Verdict.GROUNDING)).startsWith("source 'car exhaust' not found");
            assertThat(edge.strength()).isNotNull();
        }
    }

    @Test
    void theShippedReaderReadsTheSignOfAPlainClaim() {
        String passage = "Higher fuel taxes reduce car use in large cities.";

        ValidatedGraph graph = validation.validate(passage, List.of(
                triple("fuel taxes", "car use", Direction.DECREASE)));
        ValidatedGraph flipped = validation.validate(passage, List.of(
                triple("fuel taxes", "car use", Direction.INCREASE)));

        assertThat(graph.edges().getFirst().state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(reason(graph.edges().getFirst(), Verdict.VERIFICATION))
                .startsWith("reader " + TunedReader.SHIPPED_NAME + " reads DECREASE (P(link) ");
        assertThat(flipped.edges().getFirst().state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(flipped.edges().getFirst(), Verdict.VERIFICATION))
                .contains("where the edge states INCREASE").contains("opposite signs");
    }

    @Test
    void theShippedReaderReadsNoLinkBetweenConceptsOnlyListedTogether() {
        ValidatedEdge edge = validation.validate("The survey recorded fuel taxes, car use and household income in "
                + "each district.", List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.HYPOTHESIZED);
    }

    @Test
    void aDeniedClaimIsNotValidatedByTheShippedReader() {
        ValidatedEdge edge = validation.validate("There is no evidence that higher fuel taxes reduce car use.",
                List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.HYPOTHESIZED);
    }
}
