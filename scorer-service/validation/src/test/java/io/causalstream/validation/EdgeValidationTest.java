package io.causalstream.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.validation.verify.MajorityVoteVerifier;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The five stages on concrete passages, lexical stages only (no model files), strength from a fixed stand-in. */
public class EdgeValidationTest {

    /** The passage of the soft-measures paper's annotation interface (its Figure 4). */
    public static final String COMPENSATION = "It is expected that both ecological and social compensation measures "
            + "improve the overall acceptance of a local infrastructure, thus anchoring the latter within the "
            + "surrounding community.";

    static final String FISHERIES = "Fish stocks in the North Sea have collapsed. This decline is due to "
            + "overfishing by industrial fleets. As a result, many coastal communities lost their income. "
            + "Tourism grew in the region.";

    private final EdgeValidation lexical = new EdgeValidation(ValidationSettings.defaults(), null, null, null);

    @Test
    void splitsDistinctConceptsAndValidatesEachWithTheCue() {
        ValidatedGraph graph = lexical.validate(COMPENSATION, List.of(
                triple("ecological and social compensation measures", "overall acceptance of a local infrastructure",
                        Direction.INCREASE)));

        assertThat(graph.edges()).extracting(e -> e.triple().getSource())
                .containsExactly("ecological compensation measures", "social compensation measures");
        ValidatedEdge ecological = graph.edges().getFirst();
        assertThat(ecological.originalIndex()).isZero();
        assertThat(ecological.state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(reason(ecological, Verdict.NORMALISATION)).isEqualTo("split source 'ecological and social "
                + "compensation measures' into 'ecological compensation measures' + 'social compensation measures'");
        assertThat(reason(ecological, Verdict.GROUNDING)).isEqualTo("source 'ecological compensation measures' "
                + "stemmed in sentence 1; target 'overall acceptance of a local infrastructure' exact in sentence 1");
        assertThat(reason(ecological, Verdict.VERIFICATION)).isEqualTo("cue 'improve' runs source -> target; "
                + "'improve' agrees with INCREASE");
        assertThat(graph.edges().get(1).state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(graph.shareValidated()).isEqualTo(1.0);
        assertThat(graph.meanStrength()).isNull();
    }

    @Test
    void dropsDuplicatesRejectsReversedAndUngroundedEdges() {
        ValidatedGraph graph = lexical.validate(COMPENSATION, List.of(
                triple("overall acceptance of a local infrastructure",
                        "anchoring the latter within the surrounding community", Direction.INCREASE),
                triple("Overall  acceptance of a local infrastructure",
                        "anchoring the latter within the surrounding community", Direction.INCREASE),
                triple("overall acceptance of a local infrastructure", "social compensation measures",
                        Direction.INCREASE),
                triple("tourism revenue", "overall acceptance of a local infrastructure", Direction.INCREASE)));

        assertThat(graph.edges()).extracting(ValidatedEdge::state).containsExactly(ValidationState.VALIDATED,
                ValidationState.REJECTED, ValidationState.REJECTED, ValidationState.REJECTED);
        assertThat(reason(graph.edges().get(0), Verdict.VERIFICATION)).isEqualTo("cue 'thus' runs source -> target; "
                + "'thus (unsigned, read as an increase)' agrees with INCREASE");
        assertThat(graph.edges().get(1).kept()).isFalse();
        assertThat(graph.edges().get(1).stages()).hasSize(1);
        assertThat(reason(graph.edges().get(1), Verdict.NORMALISATION)).isEqualTo("source 'Overall acceptance of a "
                + "local infrastructure' merged into 'overall acceptance of a local infrastructure'; dropped: "
                + "duplicate of triple #1");
        assertThat(reason(graph.edges().get(2), Verdict.VERIFICATION))
                .startsWith("cue 'improve' runs target -> source: direction reversed");
        assertThat(reason(graph.edges().get(3), Verdict.GROUNDING)).startsWith("source 'tourism revenue' not found");
        // kept edges: 1, 3, 4 -> one of three validated; the dropped duplicate does not count
        assertThat(graph.shareValidated()).isEqualTo(1 / 3.0);
    }

    @Test
    void backwardCuesCrossSentenceEvidenceAndMissingEvidence() {
        ValidatedGraph graph = lexical.validate(FISHERIES, List.of(
                triple("overfishing by industrial fleets", "decline", Direction.INCREASE),
                triple("overfishing", "many coastal communities lost their income", Direction.INCREASE),
                triple("fish stock collapse", "tourism grew", Direction.INCREASE),
                triple("overfishng", "decline", Direction.INCREASE),
                triple("industrial fleeets", "decline", Direction.INCREASE)));

        ValidatedEdge dueTo = graph.edges().get(0);
        assertThat(dueTo.state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(reason(dueTo, Verdict.EVIDENCE)).isEqualTo("sentence 2: \"This decline is due to overfishing by "
                + "industrial fleets.\"");
        assertThat(reason(dueTo, Verdict.VERIFICATION)).isEqualTo("cue 'due to' runs source -> target; "
                + "'due to (unsigned, read as an increase)' agrees with INCREASE");

        ValidatedEdge asAResult = graph.edges().get(1);
        assertThat(asAResult.state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(reason(asAResult, Verdict.EVIDENCE)).startsWith("sentences 2-3: ");
        assertThat(reason(asAResult, Verdict.VERIFICATION)).isEqualTo("cue 'as a result' runs source -> target; "
                + "'as a result (unsigned, read as an increase)' agrees with INCREASE");

        ValidatedEdge tooFar = graph.edges().get(2);
        assertThat(reason(tooFar, Verdict.GROUNDING)).isEqualTo("source 'fish stock collapse' stemmed in sentence 1; "
                + "target 'tourism grew' exact in sentence 4");
        assertThat(reason(tooFar, Verdict.EVIDENCE)).isEqualTo("no sentence (or 2 consecutive sentences) names "
                + "both ends");
        assertThat(tooFar.state()).isEqualTo(ValidationState.HYPOTHESIZED);

        ValidatedEdge twin = graph.edges().get(3);
        assertThat(reason(twin, Verdict.NORMALISATION)).isEqualTo("source 'overfishng' merged into 'overfishing'");
        assertThat(twin.state()).isEqualTo(ValidationState.VALIDATED);

        ValidatedEdge typo = graph.edges().get(4);
        assertThat(reason(typo, Verdict.GROUNDING)).isEqualTo("source 'industrial fleeets' fuzzy (0.86) in "
                + "sentence 2; target 'decline' exact in sentence 2");
        assertThat(typo.state()).isEqualTo(ValidationState.VALIDATED);
    }

    @Test
    void polarityWordsAreCheckedAgainstTheDirection() {
        String passage = "Higher interest rates reduce inflation.";
        ValidatedGraph graph = lexical.validate(passage, List.of(
                triple("higher interest rates", "inflation", Direction.DECREASE),
                triple("higher interest rates", "inflation", Direction.INCREASE)));

        assertThat(graph.edges().get(0).state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(graph.edges().get(1).state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(graph.edges().get(1), Verdict.VERIFICATION))
                .isEqualTo("cue 'reduce' runs source -> target; 'reduce' contradicts INCREASE");
    }

    @Test
    void edgesImpliedOnlyByTransitivityAreFlagged() {
        ValidatedGraph graph = lexical.validate(COMPENSATION, List.of(
                triple("social compensation measures", "overall acceptance of a local infrastructure",
                        Direction.INCREASE),
                triple("overall acceptance of a local infrastructure",
                        "anchoring the latter within the surrounding community", Direction.INCREASE),
                triple("social compensation measures", "anchoring the latter within the surrounding community",
                        Direction.INCREASE)));

        ValidatedEdge shortcut = graph.edges().get(2);
        assertThat(shortcut.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(shortcut, Verdict.VERIFICATION)).isEqualTo("cue 'improve' runs source -> target; "
                + "'improve' agrees with INCREASE; implied only by transitivity via "
                + "'overall acceptance of a local infrastructure' (guideline 4)");
        assertThat(graph.edges().get(0).state()).isEqualTo(ValidationState.VALIDATED);
    }

    @Test
    void aChainOfTwoClausesIsNoClaimAboutItsEnds() {
        ValidatedGraph drought = lexical.validate("Drought reduces crop yields, and lower yields raise food prices.",
                List.of(triple("drought", "food prices", Direction.DECREASE),
                        triple("drought", "crop yields", Direction.DECREASE),
                        triple("lower yields", "food prices", Direction.INCREASE)));
        assertThat(drought.edges()).extracting(ValidatedEdge::state).containsExactly(ValidationState.HYPOTHESIZED,
                ValidationState.VALIDATED, ValidationState.VALIDATED);
        assertThat(reason(drought.edges().get(0), Verdict.VERIFICATION)).startsWith("the evidence links them only "
                + "through a middle concept ('reduces' ... 'raise'): a chain of two claims");

        ValidatedGraph rates = lexical.validate("Higher interest rates reduce household borrowing, which lowers "
                + "consumer spending. Rain causes floods. Floods destroy roads.", List.of(
                triple("higher interest rates", "consumer spending", Direction.DECREASE),
                triple("rain", "roads", Direction.DECREASE)));
        assertThat(rates.edges()).extracting(ValidatedEdge::state).containsOnly(ValidationState.HYPOTHESIZED);

        // one subject, two coordinated verbs: both are claims about the subject
        ValidatedGraph tourism = lexical.validate("Tourism raises incomes and lowers unemployment.", List.of(
                triple("tourism", "unemployment", Direction.DECREASE)));
        assertThat(tourism.edges().getFirst().state()).isEqualTo(ValidationState.VALIDATED);
    }

    @Test
    void annotatorEvidenceSpansChooseTheSentence() {
        int start = FISHERIES.indexOf("This decline");
        Triple withSpan = Triple.newBuilder(triple("overfishing", "decline", Direction.INCREASE))
                .setEvidence(List.of(new EvidenceSpan(start, start + 10))).build();

        ValidatedEdge edge = lexical.validate(FISHERIES, List.of(withSpan)).edges().getFirst();

        assertThat(reason(edge, Verdict.EVIDENCE)).startsWith("annotator's evidence, sentence 2: ");
        assertThat(edge.state()).isEqualTo(ValidationState.VALIDATED);
    }

    @Test
    void strengthStageUsesTheThresholdAndVouchesForUngroundedEdges() {
        // stand-in strength: 0.9 when the cause text carries evidence, else 0.1
        StrengthModel strength = pairs -> pairs.stream().mapToDouble(p -> p.first().contains("[SEP]") ? 0.9 : 0.1)
                .toArray();
        EdgeValidation validation = new EdgeValidation(ValidationSettings.defaults(), null, strength, null);

        ValidatedGraph graph = validation.validate(FISHERIES, List.of(
                triple("overfishing", "decline", Direction.INCREASE),
                triple("pollution", "decline", Direction.INCREASE)));

        ValidatedEdge grounded = graph.edges().get(0);
        assertThat(grounded.strength()).isEqualTo(0.9);
        assertThat(reason(grounded, Verdict.STRENGTH))
                .isEqualTo("CS(source [SEP] evidence -> target) = 0.900 >= 0.45");
        assertThat(grounded.state()).isEqualTo(ValidationState.VALIDATED);
        ValidatedEdge ungrounded = graph.edges().get(1);
        assertThat(reason(ungrounded, Verdict.STRENGTH)).isEqualTo("CS(source -> target) = 0.100 < 0.45");
        assertThat(ungrounded.state()).isEqualTo(ValidationState.REJECTED);
        assertThat(graph.meanStrength()).isEqualTo(0.5);
        assertThat(graph.shareValidated()).isEqualTo(0.5);
    }

    @Test
    void strongButUngroundedEdgesAreHypothesized() {
        StrengthModel strong = pairs -> pairs.stream().mapToDouble(p -> 0.8).toArray();
        EdgeValidation validation = new EdgeValidation(ValidationSettings.defaults(), null, strong, null);

        ValidatedEdge edge = validation.validate(FISHERIES, List.of(triple("pollution", "decline",
                Direction.INCREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.HYPOTHESIZED);
    }

    @Test
    void llmVerifierAnswersWhenNoCueDecides() {
        String passage = "Smoking was common in the village. Lung cancer rates were high there.";
        EdgeValidation yes = new EdgeValidation(ValidationSettings.defaults(), null, null,
                new MajorityVoteVerifier(prompt -> "Yes"));
        EdgeValidation no = new EdgeValidation(ValidationSettings.defaults(), null, null,
                new MajorityVoteVerifier(prompt -> "no."));
        List<Triple> triples = List.of(triple("smoking", "lung cancer rates", Direction.INCREASE));

        ValidatedEdge accepted = yes.validate(passage, triples).edges().getFirst();
        ValidatedEdge refused = no.validate(passage, triples).edges().getFirst();
        ValidatedEdge unverified = lexical.validate(passage, triples).edges().getFirst();

        assertThat(accepted.state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(reason(accepted, Verdict.VERIFICATION)).isEqualTo("no causal cue in the evidence; LLM: 5 of 5 "
                + "answers yes to \"Could smoking result in lung cancer rates?\" (needs 3)");
        assertThat(refused.state()).isEqualTo(ValidationState.REJECTED);
        assertThat(unverified.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(unverified, Verdict.VERIFICATION))
                .isEqualTo("no causal cue in the evidence; no LLM backend configured");
    }

    @Test
    void badInputNeverThrows() {
        ValidatedGraph graph = lexical.validate("", List.of(triple(" ", "x", Direction.INCREASE),
                triple("a", "a", Direction.DECREASE), triple("数据", "résultats", Direction.INCREASE)));

        assertThat(graph.edges()).extracting(ValidatedEdge::state).containsOnly(ValidationState.REJECTED);
        assertThat(reason(graph.edges().get(0), Verdict.NORMALISATION)).isEqualTo("dropped: empty source label");
        assertThat(reason(graph.edges().get(1), Verdict.NORMALISATION))
                .isEqualTo("dropped: source and target are the same concept 'a'");
        assertThat(lexical.validate("Some text.", List.of()).shareValidated()).isNull();
    }

    /** Text copied from narrow columns: the labels name the words whole, the evidence spans the text as published. */
    @Test
    void wordsBrokenAtLineEndsGroundAsTheWholeWords() {
        String text = "Survey teams counted the herds. Prolonged drought re- duced the live- stock herds of "
                + "pastoral- ists.";
        Triple spanned = Triple.newBuilder(triple("drought", "livestock herds", Direction.DECREASE))
                .setEvidence(List.of(new io.causalstream.schemas.graph.EvidenceSpan(text.indexOf("Prolonged"),
                        text.length()))).build();

        ValidatedGraph graph = lexical.validate(text, List.of(spanned,
                triple("drought", "pastoralists", Direction.DECREASE)));

        assertThat(graph.edges()).extracting(ValidatedEdge::state).containsExactly(ValidationState.VALIDATED,
                ValidationState.VALIDATED);
        assertThat(reason(graph.edges().getFirst(), Verdict.GROUNDING)).isEqualTo("source 'drought' exact in "
                + "sentence 2; target 'livestock herds' exact in sentence 2");
        assertThat(reason(graph.edges().getFirst(), Verdict.EVIDENCE)).startsWith("annotator's evidence, sentence 2: "
                + "\"Prolonged drought reduced the livestock herds");
        assertThat(reason(graph.edges().getLast(), Verdict.VERIFICATION)).startsWith("cue 'reduced' runs source "
                + "-> target");
    }

    @Test
    void convertsToTheScoredGraphSchema() {
        ScoredEdge edge = lexical.validate("Higher interest rates reduce inflation.",
                List.of(triple("higher interest rates", "inflation", Direction.DECREASE))).scoredEdges().getFirst();

        assertThat(edge.getValidation()).isEqualTo(ValidationState.VALIDATED);
        assertThat(edge.getStrength()).isNull();
        assertThat(edge.getStages()).extracting(s -> s.getStage()).containsExactly("grounding", "normalisation",
                "evidence", "verification");
    }

    @Test
    void defaultSettings() {
        // reading the validation.* keys is the services' part: ScoringSettingsTest
        assertThat(ValidationSettings.defaults().verifierTries()).isEqualTo(5);
        assertThat(ValidationSettings.defaults().verifierMajority()).isEqualTo(3);
    }

    public static Triple triple(String source, String target, Direction direction) {
        return Triple.newBuilder().setSource(source).setTarget(target).setDirection(direction).build();
    }

    static String reason(ValidatedEdge edge, String stage) {
        return edge.stage(stage).orElseThrow(() -> new AssertionError("no " + stage + " verdict: " + edge.stages()))
                .reason();
    }
}
