package io.causalstream.wikicausal;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.validation.verify.CausalVerifier;
import io.causalstream.validation.verify.MajorityVoteVerifier;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** WikiCausal precision through the verifier, with a stand-in LLM; recall on scored-graphs output. */
class PrecisionEvaluationTest {

    /** Stand-in LLM: says yes exactly for the pairs it knows to be causal. */
    private static MajorityVoteVerifier standIn(Set<String> causal, List<String> prompts) {
        return new MajorityVoteVerifier(prompt -> {
            prompts.add(prompt);
            return causal.stream().anyMatch(p -> prompt.contains("Could " + p + "?")) ? "yes" : "no";
        });
    }

    @Test
    void precisionIsTheShareOfPairsTheVerifierAccepts() {
        CausalKg kg = new CausalKg.Builder()
                .addClassEdge("Q1", "Q2", "earthquake", "tsunami")
                .addClassEdge("Q3", "Q4", "war", "famine")
                .addClassEdge("Q5", "Q6", "rain", "inflation")
                .addInstanceEdge("Q10", "Q11", "2004 Indian Ocean earthquake", "2004 Indian Ocean tsunami")
                .addInstanceEdge("Q12", "Q13", "Battle of Hastings", "Moon landing").build();
        List<String> prompts = new ArrayList<>();

        PrecisionEvaluation.Result r = PrecisionEvaluation.evaluate(kg, standIn(Set.of("earthquake result in "
                + "tsunami", "war result in famine", "2004 Indian Ocean earthquake result in 2004 Indian Ocean "
                + "tsunami"), prompts));

        assertThat(r.classes()).isEqualTo(2 / 3.0);
        assertThat(r.instances()).isEqualTo(0.5);
        assertThat(r.full()).isEqualTo(3 / 5.0);
        assertThat(r.csv("kg.jsonl")).isEqualTo("kg.jsonl,0.6000,0.6667,0.5000");
        assertThat(prompts).hasSize(25); // 5 pairs, 5 asks each
        assertThat(r.abstained()).isZero();
    }

    @Test
    void withoutBackendEveryPairAbstains() {
        CausalKg kg = new CausalKg.Builder().addClassEdge("Q1", "Q2", "earthquake", "tsunami").build();

        PrecisionEvaluation.Result r = PrecisionEvaluation.evaluate(kg, CausalVerifier.NONE);

        assertThat(r.full()).isZero();
        assertThat(r.abstained()).isEqualTo(1);
    }

    @Test
    void scoredGraphsAreLinkedToTheBaseKgForRecall() throws IOException {
        ConceptLinker linker = ConceptLinker.fromBaseKg(RecallEvaluationTest.dir().resolve("base-kg-v1.jsonl"));
        CausalKg base = CausalKg.read(RecallEvaluationTest.dir().resolve("base-kg-v1.jsonl"));
        ScoredGraph graph = ScoredGraph.newBuilder()
                .setPassageId("p1").setAnnotationId("a1")
                .setAnnotator(new Annotator("rules-v1", AnnotatorKind.RULES, null, null))
                .setEdges(List.of(
                        // Q180684 (conflict) -> Q625298 (peace treaty), a base KG edge
                        edge("Psychological  conflict", "peace treaty", ValidationState.VALIDATED),
                        // Q180684 -> Q198 (war), a base KG edge
                        edge("psychological conflict", "hostilities", ValidationState.HYPOTHESIZED),
                        // "conflict" is a label of both Q180684 and Q198: ambiguous, not linked
                        edge("conflict", "peace treaty", ValidationState.VALIDATED)))
                .setScores(List.of()).setScoredAt(Instant.EPOCH).build();

        ScoredGraphKg.Linked all = ScoredGraphKg.from(List.of(graph), linker, false);
        ScoredGraphKg.Linked validated = ScoredGraphKg.from(List.of(graph), linker, true);

        assertThat(linker.link("Psychological Conflict")).contains("Q180684");
        assertThat(linker.link("conflict")).isEmpty();
        assertThat(all.edges()).isEqualTo(3);
        assertThat(all.unlinked()).isEqualTo(1);
        assertThat(linker.isClass("Q198")).isTrue();
        assertThat(all.kg().classes()).containsExactly(new CausalKg.Edge("Q180684", "Q625298"),
                new CausalKg.Edge("Q180684", "Q198"));
        RecallRow classes = RecallEvaluation.evaluate("scored", all.kg(), "base", base).get(1);
        assertThat(classes.hitCount()).isEqualTo(2);
        assertThat(classes.baseCount()).isEqualTo(1);
        assertThat(validated.kg().classes()).hasSize(1);
    }

    private static ScoredEdge edge(String source, String target, ValidationState state) {
        return ScoredEdge.newBuilder()
                .setTriple(Triple.newBuilder().setSource(source).setTarget(target).setDirection(Direction.INCREASE)
                        .build())
                .setValidation(state).build();
    }
}
